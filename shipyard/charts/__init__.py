"""Rules as data: the charts and tables of the source documents, each once, with its source."""
