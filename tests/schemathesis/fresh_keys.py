"""Schemathesis hook: every generated request carries an Idempotency-Key of its own.

Schemathesis draws header values from the described pattern and often repeats one across
different bodies; the service then rightly answers 422 (key reused for another request), and
the body behind the key is never exercised. A fresh key per generated case (the examples,
fuzzing and stateful phases; the coverage phase builds its cases without this hook) keeps the
replay rule out of the way of everything else; the rule itself has its own tests
(tests/tests/memes.rs, mcp.rs, cluster.rs).
"""

import uuid

import schemathesis


@schemathesis.hook("map_headers")
def fresh_idempotency_keys(context, headers):
    # Applied to the headers as generated, before a case is built, so a case made to test a
    # missing header still goes without it.
    for name in list(headers or {}):
        if name.lower() == "idempotency-key":
            headers[name] = str(uuid.uuid4())
    return headers
