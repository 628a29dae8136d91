"""The rules of No-Limit Hold'em: pure, seeded, event-returning. Imports nothing above
cards and the evaluator. (Kept free of imports: audiopoker.cards imports engine.errors.)"""
