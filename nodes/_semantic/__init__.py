"""The static checker: what a merge broke between Python files (AST only, nothing runs)."""
