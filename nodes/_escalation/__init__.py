"""Human escalations of every kind: the model, the store abstraction, the graph steps."""
