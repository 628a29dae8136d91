"""The network table layer."""
