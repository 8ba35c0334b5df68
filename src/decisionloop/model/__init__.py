"""The bundled decision model: the int8 ONNX sentence encoder, the feature rows, the scoring head, the backend."""
