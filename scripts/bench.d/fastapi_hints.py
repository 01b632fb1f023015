"""The seeds' stack serving the endpoint scripts/bench measures: FastAPI + uvicorn, PyJWT ES256,
SQLite. It reads the very database file and signing key of the Swift server that scripts/bench has
just seeded, so both answer the same request with the same rows.

GET /knot/api/v1/hints?limit=20&offset=0 — written the way seed 000's hints.py is: a dependency
that verifies the bearer token, a query for the page and the exact total, Pydantic response models.

Env: BENCH_DB (the server's apps.sqlite), BENCH_KEY (its dev-signing-key.pem).
"""
import datetime
import os
import sqlite3
import threading

import jwt
from cryptography.hazmat.primitives import serialization
from fastapi import Depends, FastAPI, Header, HTTPException, Query
from pydantic import BaseModel

with open(os.environ["BENCH_KEY"], "rb") as f:
    _private = serialization.load_pem_private_key(f.read(), password=None)
PUBLIC_KEY = _private.public_key()
DB_PATH = os.environ["BENCH_DB"]
_local = threading.local()


def db() -> sqlite3.Connection:
    connection = getattr(_local, "connection", None)
    if connection is None:
        connection = sqlite3.connect(f"file:{DB_PATH}?mode=ro", uri=True, check_same_thread=False)
        _local.connection = connection
    return connection


class HintResponse(BaseModel):
    id: str
    hint_text: str
    source: str
    is_used: bool
    created_at: str


class HintListResponse(BaseModel):
    hints: list[HintResponse]
    total: int
    next_cursor: str | None = None


app = FastAPI()


def get_current_user_id(authorization: str | None = Header(default=None)) -> str:
    if not authorization or not authorization.lower().startswith("bearer "):
        raise HTTPException(status_code=401, detail="Missing token", headers={"WWW-Authenticate": "Bearer"})
    try:
        claims = jwt.decode(authorization[7:], PUBLIC_KEY, algorithms=["ES256"], audience="knot")
    except jwt.PyJWTError:
        raise HTTPException(status_code=401, detail="Invalid token", headers={"WWW-Authenticate": "Bearer"})
    return claims["sub"]


def iso(timestamp: float) -> str:
    moment = datetime.datetime.fromtimestamp(timestamp, tz=datetime.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


@app.get("/knot/api/v1/hints", response_model=HintListResponse)
def list_hints(
    limit: int = Query(default=50, ge=1, le=100),
    offset: int = Query(default=0, ge=0),
    user_id: str = Depends(get_current_user_id),
) -> HintListResponse:
    connection = db()
    # The Swift server stores UUIDs as SQLite text in upper case.
    vault = connection.execute("SELECT id FROM partner_vaults WHERE user_id = ?", (user_id.upper(),)).fetchone()
    if vault is None:
        raise HTTPException(status_code=404, detail="Vault not found")
    rows = connection.execute(
        "SELECT id, hint_text, source, is_used, created_at FROM hints WHERE vault_id = ? "
        "ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?",
        (vault[0], limit, offset),
    ).fetchall()
    total = connection.execute("SELECT COUNT(*) FROM hints WHERE vault_id = ?", (vault[0],)).fetchone()[0]
    hints = [HintResponse(id=r[0], hint_text=r[1], source=r[2], is_used=bool(r[3]), created_at=iso(r[4])) for r in rows]
    return HintListResponse(hints=hints, total=total)
