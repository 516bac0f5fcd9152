"""The domain records: frozen pydantic v2 models of ships and sheets."""
