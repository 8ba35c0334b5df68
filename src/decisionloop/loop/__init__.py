"""The agent loop: frames, the step generator and its typed requests, the gate, the meter, the template answer."""
