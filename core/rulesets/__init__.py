"""The rule systems, one package each."""
