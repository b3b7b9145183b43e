"""An MCP client for the tests, built on the official Python SDK (`mcp` 2.x).

It connects to the service's Streamable HTTP endpoint with the API key in its HTTP client's
headers (`x-api-key`, or `Authorization: Bearer` with `--bearer`), negotiating either the
2025-11-25 handshake (`--mode legacy`: initialize first) or revision 2026-07-28 (`--mode
2026-07-28`: no initialize, per-request protocol metadata), then answers commands read one JSON
object per line on stdin with one JSON object per line on stdout:

* `{"op": "list"}` -> `{"tools": [...]}` (each tool as the SDK parsed it, by alias)
* `{"op": "call", "name": ..., "arguments": {...}, "meta": {...}}` -> the `CallToolResult` as
  the SDK returned it (after its own output-schema validation), by alias: `content`,
  `structuredContent`, `isError`, `_meta`
* `{"op": "version"}` -> `{"protocolVersion": ...}`

The first line printed says whether the connection worked: `{"connected": true,
"protocolVersion": ...}` or `{"connected": false, "error": ...}`. An exception raised by a
command is answered `{"exception": "<type>: <message>"}` and the client keeps serving.

With `--fresh-connections` every request opens a new connection (no keep-alive), so a
round-robin balancer in front of several replicas sends consecutive calls to different ones.

Usage: python client.py URL KEY [--mode legacy|2026-07-28] [--bearer] [--fresh-connections]
"""

import argparse
import asyncio
import json
import sys

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client


def dump(model):
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


def say(value):
    sys.stdout.write(json.dumps(value) + "\n")
    sys.stdout.flush()


async def serve(client):
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            return
        command = json.loads(line)
        try:
            op = command["op"]
            if op == "list":
                listed = await client.list_tools()
                say({"tools": [dump(tool) for tool in listed.tools]})
            elif op == "call":
                result = await client.call_tool(
                    command["name"], command.get("arguments") or {}, meta=command.get("meta")
                )
                say(dump(result))
            elif op == "version":
                say({"protocolVersion": client.protocol_version})
            else:
                say({"exception": f"unknown op {op!r}"})
        except Exception as e:  # noqa: BLE001 - reported to the test, which decides
            say({"exception": f"{type(e).__name__}: {e}"})


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("key")
    parser.add_argument("--mode", default="legacy")
    parser.add_argument("--bearer", action="store_true")
    parser.add_argument("--fresh-connections", action="store_true")
    args = parser.parse_args()
    headers = {"Authorization": f"Bearer {args.key}"} if args.bearer else {"x-api-key": args.key}
    limits = httpx2.Limits(max_keepalive_connections=0) if args.fresh_connections else httpx2.Limits()
    http = httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(60.0), limits=limits)
    try:
        async with Client(streamable_http_client(args.url, http_client=http), mode=args.mode) as client:
            say({"connected": True, "protocolVersion": client.protocol_version})
            await serve(client)
    except Exception as e:  # noqa: BLE001
        say({"connected": False, "error": f"{type(e).__name__}: {e}"})


if __name__ == "__main__":
    asyncio.run(main())
