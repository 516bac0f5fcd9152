"""Output formats: one module per format, each taking records and diagnostics, knowing no console."""
