"""Loopback stand-in for the Telegram Bot API, for integration tests.

It serves `POST /bot<token>/<method>` the way api.telegram.org does for the calls the service
makes, answering the Bot API envelope (`{"ok": true, "result": ...}` or `{"ok": false,
"error_code", "description", "parameters"?}`):

* `getMe` -> the bot's `User` (`is_bot: true`, its username);
* `setWebhook {url, secret_token?, allowed_updates?}` -> `true`, remembered per bot (the
  secret must be 1-256 of A-Z a-z 0-9 _ -, else 400 as Telegram answers);
* `sendMessage {chat_id, text, ...}` (JSON) -> a `Message`;
* `sendPhoto` (multipart/form-data with `chat_id`, `caption` and the file part `photo`) -> a
  `Message` with a `photo` size list.

A token not registered (`--bot TOKEN=username`, or `POST /_bots`) answers 401 Unauthorized as
Telegram does. Every call is recorded.

Updates are built with python-telegram-bot's own types (`telegram.Update`, `Message`, `Chat`,
`User`, `MessageEntity`) and delivered like Telegram delivers them: `POST` of the update's
JSON to the bot's registered webhook URL, with the registered secret in
`X-Telegram-Bot-Api-Secret-Token`.

Test-control endpoints (JSON bodies):

* `POST /_bots {"token": str, "username": str}` registers another bot;
* `POST /_deliver {"bot": username, "text": str, "user_id": int, "chat_id"?: int,
  "chat_type"?: "private"|"group"|"supergroup", "update_id"?: int, "secret"?: str}` builds a
  message update and posts it to the bot's webhook (with the registered secret unless
  `secret` overrides it; `"secret": null` leaves the header out) -> `{"status", "body",
  "update"}`; `"update"` given instead of `text` posts that raw JSON;
* `POST /_fail {"method": str, "status": int, "retry_after"?: int, "times": int}` makes the
  next `times` calls of `method` fail with that status (429 carries `retry_after`);
* `GET /_calls` -> every call `{token, method, params, at}` (a photo's bytes as base64 in
  `params.photo_base64`); `GET /_webhooks` -> `{username: {url, secret_token}}`.
"""

from __future__ import annotations

import argparse
import base64
import datetime
import email.parser
import email.policy
import json
import os
import re
import sys
import threading
import time
import urllib.error
import urllib.request
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from loopback import JsonHandler, serve  # noqa: E402

import telegram  # noqa: E402  (python-telegram-bot)

SECRET_RE = re.compile(r"^[A-Za-z0-9_-]{1,256}$")

LOCK = threading.Lock()
BOTS: dict[str, str] = {}  # token -> username
WEBHOOKS: dict[str, dict[str, Any]] = {}  # username -> {url, secret_token}
CALLS: list[dict[str, Any]] = []
FAILURES: list[dict[str, Any]] = []
MESSAGE_IDS = iter(range(1000, 10**9))
UPDATE_IDS = iter(range(500_000, 10**9))


def envelope_error(code: int, description: str, retry_after: int | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"ok": False, "error_code": code, "description": description}
    if retry_after is not None:
        body["parameters"] = {"retry_after": retry_after}
    return body


def bot_user(token: str) -> telegram.User:
    username = BOTS[token]
    return telegram.User(id=int(token.split(":")[0]), first_name=username, is_bot=True, username=username)


def multipart_fields(content_type: str, body: bytes) -> dict[str, Any]:
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body
    )
    fields: dict[str, Any] = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        payload = part.get_payload(decode=True) or b""
        if part.get_filename():
            fields[name + "_base64"] = base64.b64encode(payload).decode()
            fields[name + "_content_type"] = part.get_content_type()
        else:
            fields[name] = payload.decode("utf-8")
    return fields


class Handler(JsonHandler):
    log_name = "botapi"

    def do_GET(self) -> None:  # noqa: N802
        with LOCK:
            if self.path == "/_calls":
                return self._send_json(200, CALLS)
            if self.path == "/_webhooks":
                return self._send_json(200, WEBHOOKS)
        self._send_json(404, {"error": "not found"})

    def do_POST(self) -> None:  # noqa: N802
        body = self._read_body()
        if self.path.startswith("/_"):
            return self.control(self.path, json.loads(body or b"{}"))
        match = re.fullmatch(r"/bot([^/]+)/(\w+)", self.path)
        if not match:
            return self._send_json(404, envelope_error(404, "Not Found"))
        token, method = match.groups()
        content_type = self.headers.get("Content-Type", "")
        try:
            if content_type.startswith("multipart/form-data"):
                params = multipart_fields(content_type, body)
            else:
                params = json.loads(body or b"{}")
        except (ValueError, UnicodeDecodeError):
            return self._send_json(400, envelope_error(400, "Bad Request: can't parse request body"))
        with LOCK:
            CALLS.append({"token": token, "method": method, "params": params, "at": time.time()})
            if token not in BOTS:
                return self._send_json(401, envelope_error(401, "Unauthorized"))
            for failure in FAILURES:
                if failure["method"] == method and failure["times"] > 0:
                    failure["times"] -= 1
                    status = failure["status"]
                    retry = failure.get("retry_after") if status == 429 else None
                    text = f"Too Many Requests: retry after {retry}" if status == 429 else "Internal Server Error"
                    return self._send_json(status, envelope_error(status, text, retry))
            status, answer = self.method(token, method, params)
        self._send_json(status, answer)

    def method(self, token: str, method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        me = bot_user(token)
        if method == "getMe":
            return 200, {"ok": True, "result": me.to_dict()}
        if method == "setWebhook":
            secret = params.get("secret_token")
            if secret is not None and not SECRET_RE.match(secret):
                return 400, envelope_error(400, "Bad Request: secret token contains unallowed characters")
            if not str(params.get("url", "")).startswith(("http://", "https://")):
                return 400, envelope_error(400, "Bad Request: bad webhook: An HTTPS URL must be provided for webhook")
            WEBHOOKS[me.username] = {"url": params["url"], "secret_token": secret}
            return 200, {"ok": True, "result": True, "description": "Webhook was set"}
        if method in ("sendMessage", "sendPhoto"):
            try:
                chat_id = int(params["chat_id"])
            except (KeyError, ValueError):
                return 400, envelope_error(400, "Bad Request: chat not found")
            chat = telegram.Chat(id=chat_id, type="private")
            sent = {"message_id": next(MESSAGE_IDS), "date": datetime.datetime.now(datetime.timezone.utc),
                    "chat": chat, "from_user": me}
            if method == "sendMessage":
                if not params.get("text"):
                    return 400, envelope_error(400, "Bad Request: message text is empty")
                message = telegram.Message(text=params["text"], **sent)
            else:
                if not params.get("photo_base64"):
                    return 400, envelope_error(400, "Bad Request: there is no photo in the request")
                size = telegram.PhotoSize(file_id="f1", file_unique_id="u1", width=1080, height=1080)
                message = telegram.Message(caption=params.get("caption"), photo=(size,), **sent)
            return 200, {"ok": True, "result": message.to_dict()}
        return 404, envelope_error(404, "Not Found: method not found")

    def control(self, path: str, request: dict[str, Any]) -> None:
        if path == "/_bots":
            with LOCK:
                BOTS[request["token"]] = request["username"]
            return self._send_json(200, {"ok": True})
        if path == "/_fail":
            with LOCK:
                FAILURES.append(dict(request))
            return self._send_json(200, {"ok": True})
        if path == "/_deliver":
            return self.deliver(request)
        self._send_json(404, {"error": "not found"})

    def deliver(self, request: dict[str, Any]) -> None:
        with LOCK:
            hook = WEBHOOKS.get(request["bot"])
        if hook is None:
            return self._send_json(409, {"error": f"no webhook set for {request['bot']}"})
        if "update" in request:
            payload = request["update"]
        else:
            user_id = int(request["user_id"])
            chat_type = request.get("chat_type", "private")
            chat_id = int(request.get("chat_id", user_id if chat_type == "private" else -100_000 - user_id))
            text = request["text"]
            entities = ()
            if text.startswith("/"):
                length = len(text.split()[0].encode("utf-16-le")) // 2
                entities = (telegram.MessageEntity(type=telegram.MessageEntity.BOT_COMMAND, offset=0, length=length),)
            update = telegram.Update(
                update_id=int(request.get("update_id") or next(UPDATE_IDS)),
                message=telegram.Message(
                    message_id=next(MESSAGE_IDS),
                    date=datetime.datetime.now(datetime.timezone.utc),
                    chat=telegram.Chat(id=chat_id, type=chat_type, title=None if chat_type == "private" else "A group"),
                    from_user=telegram.User(id=user_id, first_name="Ana", is_bot=False, username=f"user{user_id}",
                                            language_code="en"),
                    text=text,
                    entities=entities,
                ),
            )
            payload = update.to_dict()
        headers = {"Content-Type": "application/json"}
        secret = request["secret"] if "secret" in request else hook["secret_token"]
        if secret is not None:
            headers["X-Telegram-Bot-Api-Secret-Token"] = secret
        post = urllib.request.Request(hook["url"], data=json.dumps(payload).encode(), headers=headers, method="POST")
        try:
            with urllib.request.urlopen(post, timeout=30) as response:
                status, text = response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode()
        except (urllib.error.URLError, OSError) as error:
            status, text = 0, str(error)
        self._send_json(200, {"status": status, "body": text, "update": payload})


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--bot", action="append", default=[], help="TOKEN=username")
    args = parser.parse_args()
    for pair in args.bot:
        token, username = pair.split("=", 1)
        BOTS[token] = username
    return serve(Handler, args.port)


if __name__ == "__main__":
    sys.exit(main())
