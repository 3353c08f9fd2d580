"""Org memory: what the families decided, kept in LangGraph's `BaseStore` and recalled into
fenced, budgeted prompts. Opt-in per run (`context={"memory": {"org": ...}}`); an engine below
the families, which call it through a few small hooks (docs/design.md, "Org memory")."""
