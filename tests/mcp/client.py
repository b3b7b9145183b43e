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
* `{"op": "call_progress", "name": ..., "arguments": {...}}` -> `{"result": <CallToolResult>,
  "progress": [{"progress", "total", "message"}, ...]}`: the call made with a progress callback,
  so the SDK sends a `progressToken` and hands it each `notifications/progress` the server sends
* `{"op": "version"}` -> `{"protocolVersion": ...}`
* `{"op": "capabilities"}` -> the server's capabilities as a fresh `server/discover` answers
  them, unparsed (the SDK's model keeps no extension it does not know)
* `{"op": "call_raw", "name": ..., "arguments": {...}, "meta": {...}}` -> what `tools/call`
  answered, unresolved: a `CallToolResult`, or (with `--tasks`) the task it became
* `{"op": "listen_then_call", "name": ..., "arguments": {...}}` -> `{"event": ..., "made": ...}`:
  the first resource-list change heard after making something (a `subscriptions/listen`
  subscription in 2026-07-28, the session's stream in 2025-11-25)
* `{"op": "task_get", "taskId": ...}`, `{"op": "task_cancel", "taskId": ...}` -> the result of
  `tasks/get` / `tasks/cancel` as sent (`Mcp-Name` set to the task id, as the extension asks)

With `--tasks` the client declares the tasks extension (`io.modelcontextprotocol/tasks`) on
every request and resolves a task answer as an SDK user would see it: `call` polls `tasks/get`
at the task's `pollIntervalMs` until it ends and answers the tool result it holds.

The first line printed says whether the connection worked: `{"connected": true,
"protocolVersion": ...}` or `{"connected": false, "error": ...}`. An exception raised by a
command is answered `{"exception": "<type>: <message>"}` (with the JSON-RPC `code` of a
protocol error) and the client keeps serving.

With `--fresh-connections` every request opens a new connection (no keep-alive), so a
round-robin balancer in front of several replicas sends consecutive calls to different ones.

Usage: python client.py URL KEY [--mode legacy|2026-07-28] [--bearer] [--fresh-connections] [--tasks]
"""

import argparse
import asyncio
import json
import sys

from typing import Any, Literal

import anyio
import httpx2
import mcp_types as types
from mcp import Client
from mcp.client.extension import ClaimContext, ClientExtension, ResultClaim
from mcp.client.streamable_http import streamable_http_client
from pydantic import BaseModel, Field, TypeAdapter

TASKS = "io.modelcontextprotocol/tasks"
ANY = TypeAdapter(dict[str, Any])


class CreateTaskResult(types.Result):
    """The extension's `CreateTaskResult`: a task's seed state, `resultType: "task"`."""

    result_type: Literal["task"] = Field(alias="resultType")
    task_id: str
    status: str
    status_message: str | None = None
    created_at: str
    last_updated_at: str
    ttl_ms: int | None
    poll_interval_ms: int | None = None


class TaskParams(types.RequestParams):
    task_id: str


class GetTask(types.Request[TaskParams, Literal["tasks/get"]]):
    method: Literal["tasks/get"] = "tasks/get"
    name_param = "taskId"


class CancelTask(types.Request[TaskParams, Literal["tasks/cancel"]]):
    method: Literal["tasks/cancel"] = "tasks/cancel"
    name_param = "taskId"


async def task_request(session, kind, task_id):
    return await session.send_request(kind(params=TaskParams(task_id=task_id)), ANY)


async def follow(task: CreateTaskResult, ctx: ClaimContext) -> types.CallToolResult:
    """Polls a task until it ends; its tool result (a cancelled or failed task raises)."""
    while True:
        got = await task_request(ctx.session, GetTask, task.task_id)
        if got["status"] == "completed":
            return types.CallToolResult.model_validate(got["result"])
        if got["status"] in ("failed", "cancelled"):
            raise RuntimeError(f"task {task.task_id} {got['status']}: {got.get('error') or got.get('statusMessage')}")
        await asyncio.sleep((got.get("pollIntervalMs") or 1000) / 1000)


class Tasks(ClientExtension):
    identifier = TASKS

    def claims(self):
        return [ResultClaim(result_type="task", model=CreateTaskResult, resolve=follow)]


QUESTIONS = []
# The names of the notifications the server sent outside a request's answer (2025-11-25's
# session stream), in order.
HEARD = []


async def hearing(message):
    """A message handler that keeps the name of each notification the server sends."""
    notification = getattr(message, "root", message)
    if isinstance(notification, BaseModel) and not isinstance(message, Exception):
        HEARD.append(type(notification).__name__)
    await anyio.lowlevel.checkpoint()


def answering(answer):
    """An elicitation callback that keeps each question and gives `answer` (JSON) or declines."""

    async def answer_it(context, params):
        QUESTIONS.append(dump(params))
        if answer == "decline":
            return types.ElicitResult(action="decline")
        return types.ElicitResult(action="accept", content=json.loads(answer))

    return answer_it


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
            elif op == "call_progress":
                heard = []

                async def listen(progress, total, message):
                    heard.append({"progress": progress, "total": total, "message": message})

                result = await client.call_tool(
                    command["name"], command.get("arguments") or {}, progress_callback=listen
                )
                say({"result": dump(result), "progress": heard})
            elif op == "call_raw":
                result = await client.session.call_tool(
                    command["name"], command.get("arguments") or {}, meta=command.get("meta"), allow_claimed=True
                )
                say(dump(result))
            elif op in ("task_get", "task_cancel"):
                kind = GetTask if op == "task_get" else CancelTask
                say(await task_request(client.session, kind, command["taskId"]))
            elif op == "resources":
                listed = await client.list_resources(cursor=command.get("cursor"), cache_mode="refresh")
                say(dump(listed))
            elif op == "templates":
                say(dump(await client.list_resource_templates()))
            elif op == "read":
                say(dump(await client.read_resource(command["uri"])))
            elif op == "prompts":
                say(dump(await client.list_prompts()))
            elif op == "prompt":
                say(dump(await client.get_prompt(command["name"], command.get("arguments"))))
            elif op == "complete":
                ref = types.PromptReference(type="ref/prompt", name=command["prompt"])
                say(dump(await client.complete(ref, {"name": command["argument"], "value": command["value"]})))
            elif op == "call_state":
                result = await client.session.call_tool(
                    command["name"], command.get("arguments") or {}, input_responses=command.get("inputResponses"),
                    request_state=command.get("requestState"), allow_input_required=True,
                )
                say(dump(result))
            elif op == "listen_then_call":
                # Listens for resource-list changes, makes something, and reports the first event:
                # a subscription (2026-07-28), or the session's stream (2025-11-25).
                if client.protocol_version == "2026-07-28":
                    async with client.listen(resources_list_changed=True) as subscription:
                        made = await client.call_tool(command["name"], command.get("arguments") or {})
                        with anyio.fail_after(command.get("within", 20)):
                            event = type(await subscription.__anext__()).__name__
                else:
                    made = await client.call_tool(command["name"], command.get("arguments") or {})
                    with anyio.fail_after(command.get("within", 20)):
                        while "ResourceListChangedNotification" not in HEARD:
                            await anyio.sleep(0.1)
                    event = "ResourceListChangedNotification"
                say({"event": event, "made": dump(made)})
            elif op == "questions":
                say({"questions": QUESTIONS})
            elif op == "capabilities":
                discovered = await client.session.send_discover(client.protocol_version)
                say(discovered["capabilities"])
            elif op == "version":
                say({"protocolVersion": client.protocol_version})
            else:
                say({"exception": f"unknown op {op!r}"})
        except Exception as e:  # noqa: BLE001 - reported to the test, which decides
            say({"exception": f"{type(e).__name__}: {e}", "code": getattr(getattr(e, "error", None), "code", None)})


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("key")
    parser.add_argument("--mode", default="legacy")
    parser.add_argument("--bearer", action="store_true")
    parser.add_argument("--fresh-connections", action="store_true")
    parser.add_argument("--tasks", action="store_true")
    # Declare elicitation and answer every question with this JSON object, or "decline".
    parser.add_argument("--answer")
    args = parser.parse_args()
    headers = {"Authorization": f"Bearer {args.key}"} if args.bearer else {"x-api-key": args.key}
    limits = httpx2.Limits(max_keepalive_connections=0) if args.fresh_connections else httpx2.Limits()
    http = httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(60.0), limits=limits)
    try:
        extensions = [Tasks()] if args.tasks else None
        transport = streamable_http_client(args.url, http_client=http)
        elicited = answering(args.answer) if args.answer else None
        async with Client(
            transport, mode=args.mode, extensions=extensions, elicitation_callback=elicited, message_handler=hearing
        ) as client:
            say({"connected": True, "protocolVersion": client.protocol_version})
            await serve(client)
    except Exception as e:  # noqa: BLE001
        say({"connected": False, "error": f"{type(e).__name__}: {e}"})


if __name__ == "__main__":
    asyncio.run(main())
