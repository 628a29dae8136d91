"""The coach: advice on demand from the hard bot's reads and equity, in words.

A layer above ``audiopoker.bots`` and below the UI. ``advice`` computes (``Coach``,
``advise``: the price, the chance against the opponents' likely ranges, the hard level's
choice and a reason key); ``spot`` does it for a spot typed in (``advise_spot``, the
``audiopoker hint`` command); ``words`` says it (``first_answer``, ``detail_answer``) from
the ``coach`` catalogs; ``bot`` plays what the coach suggests (``--bot coach``).
"""
