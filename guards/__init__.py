"""Guard nodes and their state: loop prevention, budgets, authority deference."""

__all__: list[str] = []
