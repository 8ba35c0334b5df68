"""Gold traces shared by evaluation and training: the task suite, gold matching, the oracle backend and the
teacher-forced protocol, and the packaged dev split."""
