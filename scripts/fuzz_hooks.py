"""schemathesis hooks of the fuzzing gate (scripts/fuzz loads them through SCHEMATHESIS_HOOKS).

`map_body` (heavy characters): one JSON body in three has 30 combining accents (the most Unicode's
Stream-Safe Text Format, UAX #15, allows in a row) added to the last letter or digit of each of its
texts, where that letter begins a character of its own (not after a mark, a joiner, a Hangul jamo or
a prepended sign, which would make one character of more than the platform's 32 code points, a 422).
Each text keeps its characters as people count them (the API's length rule) while holding far more
code points than a database's own length bound would let through: the class of input that once
failed inserts with a 500 (issue 30). Only bodies that are valid before are changed, and a change is
kept only if the body is still valid against the document, so a positive case stays positive and a
negative one is never touched.

`before_call` (unique idempotency keys): every authenticated POST documents the platform's `Idempotency-Key`
header. The generator draws its values from a small space ("0", "00", …), so two unrelated requests
would share a key and the second would rightly be refused (422: the key was used for a different
request) — a property of the fuzzer's reuse, not of the request. A valid key is therefore made unique
per request; an invalid one (negative data) is sent as generated. Replays are tested in swift test.

scripts/fuzz.toml lets `positive_data_acceptance` take a 422 on a few operations, because there a
schema-valid request can still break a rule JSON Schema cannot state. This check narrows that back:
on those operations a schema-valid request may be refused with 422 only for one of those rules —
named by the error's fields (or, for recommendations, its code). A 422 for any other reason means the
document allows something the server refuses, and fails the run like any other check.

`event_streams_end_whole` (text/event-stream answers, any app): schemathesis reads such a body until
it ends, for at most its request timeout in all (10 s; scripts/fuzz.toml lifts its event cap, so only
time cuts a stream short) and validates each event against the documented schema. This check adds
what that leaves open: a stream that did not end within the bound fails the case (instead of
hanging or passing on its first events); the body must be UTF-8 and end with a whole event (the
standard drops an unfinished one); every event's `data` must be JSON where the documented event
schema's `data` has `contentMediaType: application/json`; and an `error` event (how the platform
ends a stream whose work failed) must hold the error envelope and not the `internal` code, the 500
of a stream. `python3 scripts/fuzz_hooks.py --self-test` runs the check on recorded bodies.
"""

import json
import os
import re
import sys
import unicodedata
import uuid

try:
    import schemathesis
except ImportError:  # the self-test runs with any python3, without schemathesis

    class schemathesis:  # noqa: N801
        hook = check = staticmethod(lambda function: function)

# Fields whose rules the document cannot state, per operation.
_VAULT_CROSS_FIELD = [
    r"dislikes",  # must not repeat an interest
    r"budgets\[\d+\]\.max_amount",  # at least min_amount
    r"love_languages\.secondary",  # differs from the primary
]
# A Zia household's body (upsert and PATCH): names and entries count characters as people see them,
# `kidsAges` must not come with `kids`, and a kid sent without a name while the number of kids
# changes needs its restrictions when a stored kid has some (see scripts/fuzz.toml).
HOUSEHOLD_FIELDS = [
    r"kidsAges",
    r"adults\[\d+\]\.name",
    r"kids\[\d+\]\.name",
    r"kids\[\d+\]\.dietary_restrictions(\[\d+\])?",
    r"allergies\[\d+\]",
    r"cuisines\[\d+\]",
    r"bedtime_preferences\.notes",
]

EXPLAINED_FIELDS = {
    "createVault": _VAULT_CROSS_FIELD,
    "replaceVault": _VAULT_CROSS_FIELD + [r"milestones\[\d+\]\.id"],  # one of this vault's milestones
    "listHints": [r"cursor"],  # opaque, issued by this server
    # FareLens's price history: the route's codes must name known airports; to not before from, at most a year after.
    "getPriceHistory": [r"route", r"to"],
    # VibeKeeper: at most 30 tags of 50 characters once normalised (trimmed, lower-cased, unique),
    # and a budget range whose minimum does not exceed its maximum.
    "createGiftIdea": [r"tags", r"tags\[\d+\]", r"budget_range_max"],
    "updateGiftIdea": [r"tags", r"tags\[\d+\]", r"budget_range_max"],
    "acceptCapture": [r"tags", r"tags\[\d+\]", r"budget_range_max"],
    # Reminders: a new time must not be in the past (the clock, not the document); the date filters
    # take a day or an instant, and `to_date` must not come before `from_date`.
    "createReminder": [r"scheduled_for"],
    "updateReminder": [r"scheduled_for"],
    "listReminders": [r"from_date", r"to_date"],
    "listGiftIdeas": [r"cursor", r"max_price"],  # opaque cursor; max_price at least min_price
    "listCapturesToReview": [r"cursor"],
    "listContacts": [r"cursor"],  # opaque, issued by this server to this account
    # At most 20 different aliases once blank ones, repeats and the name itself are dropped.
    "createContact": [r"aliases"],
    "updateContact": [r"aliases"],
    "searchIdeas": [r"max_price"],
    # Voice and photo captures: the file must be a whole recording or picture (judged by its bytes).
    "captureVoice": [r"voice_file"],
    "captureImage": [r"image_file"],
    "capture": [r"media_file"],
    # Password registration: lengths in characters as people see them (see scripts/fuzz.toml).
    "registerWithPassword": [r"password", r"name", r"email"],
    # Zia: names and list entries count characters as people see them once trimmed (at most 100, the
    # bedtime notes 500) and the legacy `kidsAges` must not come with `kids` (see scripts/fuzz.toml).
    "upsertUser": [r"display_name"],
    "upsertHousehold": HOUSEHOLD_FIELDS,
    # The same body as the upsert.
    "patchHousehold": HOUSEHOLD_FIELDS,
    "listConversations": [r"cursor"],  # opaque, issued by this server to this account
    "saveMemory": [r"value", r"key"],  # 500 characters as people see them; at most 200 memories a user
    "giveFeedback": [r"payload"],  # at most 16 KB as compact JSON
    "updateReminders": [r"(meal|chore)_reminder\.weekdays_only"],  # only bedtime chooses its days
    # A grocery session starts from a saved meal plan (another kind of artifact has no grocery list) or
    # from items, checked as consolidation checks them.
    "startGrocerySession": [r"artifact_id", r"items\[\d+\]\.name", r"items\[\d+\]\.unit"],
    # A swapped day must be one of the saved plan's days and its recipe one that fits; the texts
    # count characters as people see them once trimmed (see scripts/fuzz.toml).
    "swapMealPlanDay": [r"day", r"reason", r"recipe_id", r"id"],
    # Chore scheduling: `start_date` must be a real date (no 30 February) and `name` counts at most
    # 100 characters as people see them once trimmed (see scripts/fuzz.toml).
    "scheduleChores": [r"start_date", r"name"],
    # Zia's pantry and grocery lines: a name of 100 and a unit of 20 characters as people see them once
    # trimmed; the recipe search's query 500; the assistant's goal 2000; FareLens's airport query 64.
    "addPantryItem": [r"name", r"unit"],
    "updatePantryItem": [r"name", r"unit"],
    "consolidateGroceries": [r"items\[\d+\]\.name", r"items\[\d+\]\.unit"],
    "ragSearch": [r"q"],
    "assistStream": [r"goal"],
    "searchAirports": [r"q"],
    # FareLens's points vault: a program's name (1 to 60) and status (at most 40) count characters as
    # people see them once trimmed, and a name must not be blank; telemetry's string properties count
    # at most 100 such characters (see scripts/fuzz.toml).
    "createPointsProgram": [r"name", r"status"],
    "updatePointsProgram": [r"name", r"status"],
    "recordEvents": [r"events\[\d+\]\.properties\.[A-Za-z][A-Za-z0-9_]*"],
    # FareLens: known, distinct airport or metro codes; real dates; a window ending after it starts
    # and not in the past; a fare currency; an opaque cursor; preferred airports by the tier's rules.
    "createWatchlist": [r"origin", r"destination", r"departure_from", r"departure_to", r"currency"],
    "updateWatchlist": [r"origin", r"destination", r"departure_from", r"departure_to", r"currency"],
    "listWatchlists": [r"cursor"],
    "listDeals": [r"origin", r"destination", r"cursor"],  # known airport or metro codes; an opaque cursor
    "listSavedDeals": [r"cursor"],
    # FareLens subscriptions: only a JWS Apple's chain signed, for this bundle and a Pro product, passes.
    "verifySubscription": [r"signed_transaction"],
    "appStoreNotification": [r"signedPayload"],
    "checkWatchlists": [r"ids"],  # an id listed twice
    "listPointsPrograms": [r"cursor"],  # opaque, issued by this server to this account
    "recordClick": [r"sub_id"],  # must parse and name the click's deal and placement
    # FareLens's alerts: an opaque cursor; a mute names exactly one of route and airline, and a route
    # two different codes (also in the preferences' mute list).
    "listAlertHistory": [r"cursor"],
    "createAlertMute": [r"route", r"airline"],
    "updateAlertPreferences": [r"muted_routes"],
    "updatePreferences": [r"preferred_airports", r"preferred_airports\[\d+\]\.(iata|priority|weight)"],
    "listArtifacts": [r"cursor"],  # opaque, issued by this server to this account
    "saveArtifact": [r"payload(\..+)?", r"title"],  # at most 64 KB as compact JSON; 200 characters as people see them
}
# Error codes for "the stored vault leaves nothing to recommend" (the caller's data, not the request).
EXPLAINED_CODES = {
    "generateRecommendations": {"no_candidates", "everything_filtered"},
    "refreshRecommendations": {"no_candidates", "everything_filtered"},
}

_seen_path = os.environ.get("FUZZ_EXPLAINED_LOG")
_heavy_log = os.environ.get("FUZZ_HEAVY_LOG")

_IDEMPOTENCY_KEY = "idempotency-key"
_VALID_KEY = re.compile(r"[!-~]{1,255}")


_HEAVY_MARKS = "\u0301" * 30
# Prepended_Concatenation_Mark and other Grapheme_Cluster_Break=Prepend letters: they join the next one.
_PREPEND = {0x0D4E, 0x111C2, 0x111C3, 0x1193F, 0x11941, 0x11A3A, 0x11A84, 0x11A85, 0x11A86, 0x11A87, 0x11A88, 0x11A89, 0x11D46, 0x11F02}
_heavy_counter = [0]


def _body_schema(ctx):
    """The operation's JSON body schema and the whole document (for its $refs), or (None, None)."""
    try:
        operation = ctx.operation
        schema = operation.definition.raw["requestBody"]["content"]["application/json"]["schema"]
        return schema, operation.schema.raw_schema
    except Exception:
        return None, None


def _resolve(schema, document):
    while isinstance(schema, dict) and "$ref" in schema:
        node = document
        for part in schema["$ref"].lstrip("#/").split("/"):
            node = node[part]
        schema = {**node, **{key: value for key, value in schema.items() if key != "$ref"}}
    return schema if isinstance(schema, dict) else {}


def _is_free_text(schema):
    """A text field under the platform's text rule (its pattern refuses control characters), not an
    identifier, a date, an enum or a constant."""
    pattern = schema.get("pattern") or ""
    return "\\x0E-\\x1F" in pattern and not any(key in schema for key in ("format", "enum", "const"))


def _heavier(value, schema, document):
    """`value` with combining accents on every free text ending in a letter or digit, following the
    schema (a choice between schemas is left alone)."""
    schema = _resolve(schema, document)
    if any(key in schema for key in ("anyOf", "oneOf", "allOf")):
        return value
    if isinstance(value, str):
        if _is_free_text(schema) and value and value[-1].isalnum() and _starts_character(value):
            return value + _HEAVY_MARKS
        return value
    if isinstance(value, list):
        return [_heavier(item, schema.get("items") or {}, document) for item in value]
    if isinstance(value, dict):
        properties = schema.get("properties") or {}
        return {key: _heavier(item, properties.get(key) or {}, document) for key, item in value.items()}
    return value


def _starts_character(text):
    """Whether the last code point of `text` (a letter or digit) begins a character: the accents then
    make one of 31 code points. Not after a mark or format character (Indic conjuncts, joiners), a
    Hangul jamo or syllable (they cluster), or a prepended sign."""
    if _is_hangul(text[-1]):
        return False
    if len(text) < 2:
        return True
    previous = text[-2]
    return not (unicodedata.category(previous)[0] == "M" or unicodedata.category(previous) == "Cf" or _is_hangul(previous) or ord(previous) in _PREPEND)


def _is_hangul(character):
    code = ord(character)
    return 0x1100 <= code <= 0x11FF or 0xA960 <= code <= 0xA97F or 0xAC00 <= code <= 0xD7FF


@schemathesis.hook
def map_body(ctx, body):
    _heavy_counter[0] += 1
    if _heavy_counter[0] % 3 or not isinstance(body, dict):
        return body
    schema, document = _body_schema(ctx)
    if schema is None:
        return body
    try:
        import jsonschema

        validator = jsonschema.Draft202012Validator({**document, **schema}, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
        if not validator.is_valid(body):
            return body
        heavy = _heavier(body, schema, document)
        if heavy == body or not validator.is_valid(heavy):
            return body
    except Exception:
        return body
    if _heavy_log:
        with open(_heavy_log, "a") as log:
            log.write(f"{ctx.operation.definition.raw.get('operationId')}\n")
    return heavy


@schemathesis.hook
def before_call(ctx, case, kwargs):
    headers = case.headers or {}
    # A case sent without credentials (the missing-Authorization probe) is left alone: it is refused
    # before the key matters, and an edit would make schemathesis re-judge the case.
    if not any(name.lower() == "authorization" for name in headers):
        return
    for name in list(headers):
        value = headers[name]
        if name.lower() == _IDEMPOTENCY_KEY and isinstance(value, str) and _VALID_KEY.fullmatch(value):
            headers[name] = (value[:200] + "-" + uuid.uuid4().hex)[:255]
            # The key is as valid as the generated one: keep the case's judgement (schemathesis
            # re-validates containers a hook edits; 4.32's own hook for "not an edit" is this).
            sync = getattr(case, "_sync_validated_hashes", None)
            if sync is not None:
                sync()


def _note(operation, reason):
    if _seen_path:
        with open(_seen_path, "a") as log:
            log.write(f"{operation}\t{reason}\n")


@schemathesis.check
def refusals_the_document_explains(ctx, response, case):
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 422:
        return None
    operation = case.operation.definition.raw.get("operationId")
    if operation not in EXPLAINED_FIELDS and operation not in EXPLAINED_CODES:
        return None
    try:
        error = json.loads(response.content)["error"]
    except Exception:
        raise AssertionError(f"{operation}: a 422 without the error envelope: {response.content[:300]!r}")
    code = error.get("code")
    if code in EXPLAINED_CODES.get(operation, set()):
        _note(operation, code)
        return None
    fields = [item.get("field", "") for item in error.get("fields") or []]
    patterns = EXPLAINED_FIELDS.get(operation, [])
    if fields and all(any(re.fullmatch(pattern, field) for pattern in patterns) for field in fields):
        _note(operation, ",".join(sorted(set(re.sub(r"\[\d+\]", "[]", f) for f in fields))))
        return None
    raise AssertionError(
        f"{operation}: schema-valid data refused with 422 for a reason the document could state "
        f"(code {code}, fields {fields}): {error.get('message')}"
    )


_LINE_END = re.compile(rb"\r\n|\r|\n")


def parse_event_stream(body):
    """The events of a text/event-stream body as the WHATWG standard dispatches them (dicts with
    `data`, `event`, `id`), and the problems that make it unreadable: bytes that are not UTF-8, or
    an unfinished last event (which the standard drops)."""
    problems = []
    if body.startswith(b"\xef\xbb\xbf"):
        body = body[3:]
    lines = _LINE_END.split(body)
    unfinished = lines.pop()  # after the last line end: empty when the body ends with one
    events, data, event_type, last_id = [], None, "", None
    for number, raw in enumerate(lines, 1):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            problems.append(f"line {number} is not UTF-8 ({error.reason})")
            line = raw.decode("utf-8", "replace")
        if line == "":
            if data is not None:
                events.append({"data": "\n".join(data), "event": event_type or "message", "id": last_id})
            data, event_type = None, ""
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "data":
            data = (data or []) + [value]
        elif name == "event":
            event_type = value
        elif name == "id" and "\0" not in value:
            last_id = value
    if unfinished or data is not None or event_type:
        problems.append("the stream ended inside an event (no blank line after it): the standard drops it")
    return events, problems


def _is_json_media_type(value):
    value = (value or "").split(";")[0].strip().lower()
    return value == "application/json" or value.endswith("+json")


def data_is_json(event_schema, document):
    """Whether a documented event schema says each event's `data` is JSON."""
    schema = _resolve(event_schema or {}, document or {})
    data = _resolve((schema.get("properties") or {}).get("data") or {}, document or {})
    return _is_json_media_type(data.get("contentMediaType"))


def event_stream_problems(body, cut_short, event_schema=None, document=None, bound="the bound"):
    """Everything wrong with one text/event-stream answer (an empty list when it is sound)."""
    if cut_short:
        return [f"the stream did not end within {bound}: a stream must end, or the gate cannot judge it"]
    events, problems = parse_event_stream(body)
    json_data = data_is_json(event_schema, document)
    for index, event in enumerate(events):
        if event["event"] == "error":
            try:
                payload = json.loads(event["data"])
                # An app whose events wrap their payload ({"event": "error", "data": <envelope>}, Zia's seed) holds it inside.
                if isinstance(payload, dict) and payload.get("event") == "error" and "data" in payload:
                    payload = payload["data"]
                error = payload["error"]
                code = error["code"]
            except Exception:
                problems.append(f"event #{index} `error` does not hold the error envelope: {event['data'][:200]!r}")
                continue
            if code == "internal":
                problems.append(f"event #{index} `error` reports an internal failure (a 500 inside the stream): {error.get('message')!r}")
        elif json_data:
            try:
                json.loads(event["data"])
            except ValueError as error:
                problems.append(f"event #{index} ({event['event']}): `data` is documented as JSON and is not ({error}): {event['data'][:200]!r}")
    return problems


def _documented_event_schema(case, status):
    """The schema the operation documents for one event of a text/event-stream answer with `status`."""
    try:
        document = case.operation.schema.raw_schema
        responses = case.operation.definition.raw.get("responses") or {}
        response = responses.get(str(status)) or responses.get(f"{str(status)[0]}XX") or responses.get("default") or {}
        response = _resolve(response, document)
        for media_type, entry in (response.get("content") or {}).items():
            if media_type.split(";")[0].strip().lower() == "text/event-stream":
                return entry.get("itemSchema") or entry.get("schema"), document
    except Exception:
        pass
    return None, None


@schemathesis.check
def event_streams_end_whole(ctx, response, case):
    content_type = (response.headers.get("content-type") or [""])[0]
    if content_type.split(";")[0].strip().lower() != "text/event-stream":
        return None
    schema, document = _documented_event_schema(case, response.status_code)
    problems = event_stream_problems(
        response.content, getattr(response, "stream_cut_short", False), schema, document, bound="the request timeout (10 s)"
    )
    if problems:
        raise AssertionError(f"{case.operation.definition.raw.get('operationId')}: " + "; ".join(problems))
    return None


def _self_test():
    """The stream check on recorded bodies: sound streams pass, each kind of fault is named; the heavy
    characters stay within the platform's 32 code points per character."""
    json_events = {"type": "object", "properties": {"data": {"type": "string", "contentMediaType": "application/json"}}}
    by_ref = ({"$ref": "#/components/schemas/Delta"}, {"components": {"schemas": {"Delta": json_events}}})
    sound = [
        (b'event: delta\ndata: {"text":"caf\xc3\xa9"}\n\n: keep-alive\n\nid: 2\r\ndata: {"done":true}\r\n\r\n', json_events, None),
        (b"\xef\xbb\xbfdata: plain text\rdata: two lines\r\r", None, None),
        (b'data: {"a":1}\n\nevent: error\ndata: {"error":{"code":"model_unavailable","message":"No model."}}\n\n', *by_ref),
        (b"", json_events, None),
        (b'event: error\ndata: {"event":"error","data":{"error":{"code":"not_found","message":"Gone."}}}\n\n', json_events, None),
    ]
    faulty = [
        (b"data: one\n\n", None, None, True, "did not end"),
        (b"data: caf\xc3\n\n", None, None, False, "not UTF-8"),
        (b"data: one\n\ndata: unfinished", None, None, False, "ended inside an event"),
        (b"data: not json\n\n", json_events, None, False, "documented as JSON"),
        (b"data: {oops\n\n", *by_ref, False, "documented as JSON"),
        (b'event: error\ndata: {"error":{"code":"internal","message":"boom"}}\n\n', None, None, False, "internal failure"),
        (b"event: error\ndata: oops\n\n", None, None, False, "error envelope"),
        (b'event: error\ndata: {"event":"error","data":{"error":{"code":"internal","message":"boom"}}}\n\n', None, None, False, "internal failure"),
    ]
    failures = []
    for body, schema, document in sound:
        problems = event_stream_problems(body, False, schema, document)
        if problems:
            failures.append(f"sound stream {body[:40]!r} judged faulty: {problems}")
    for body, schema, document, cut_short, expected in faulty:
        problems = event_stream_problems(body, cut_short, schema, document)
        if not any(expected in problem for problem in problems):
            failures.append(f"faulty stream {body[:40]!r} not caught (wanted {expected!r}): {problems}")
    events, _ = parse_event_stream(sound[0][0])
    if [event["data"] for event in events] != ['{"text":"café"}', '{"done":true}'] or events[1]["id"] != "2":
        failures.append(f"parsed events differ: {events}")
    free_text = {"type": "string", "pattern": "^[^\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]*$"}
    heavy_cases = [("Ana", True), ("e", True), ("e\u0301a", False), ("\u0915\u094d\u0937", False), ("a\u200dz", False), ("\u1100\u1161", False), ("\u0d4ea", False)]
    for text, changed in heavy_cases:
        heavy = _heavier(text, free_text, {})
        if (heavy != text) != changed or (changed and heavy != text + "\u0301" * 30):
            failures.append(f"heavy characters on {text!r}: {heavy!r}")
    for failure in failures:
        print(f"fuzz_hooks self-test: {failure}", file=sys.stderr)
    print(f"fuzz_hooks self-test: {'FAILED' if failures else 'passed'} ({len(sound)} sound and {len(faulty)} faulty recorded streams)")
    return 1 if failures else 0


if __name__ == "__main__" and sys.argv[1:] == ["--self-test"]:
    sys.exit(_self_test())
