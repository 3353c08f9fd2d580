"""Compiled LangGraph graphs: this package only wires nodes and guards together."""

__all__: list[str] = []
