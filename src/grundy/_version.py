"""The version of grundy (one place; the package root and saved files read it)."""

__version__ = "0.1.0"
