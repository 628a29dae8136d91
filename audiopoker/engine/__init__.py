"""The rules of No-Limit Hold'em: pure, seeded, event-returning. Imports nothing but
cards, the evaluator and audiopoker.errors."""
