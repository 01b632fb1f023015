#!/usr/bin/env python3
"""Reference implementation of all-MiniLM-L6-v2 sentence embeddings in plain NumPy.

Written independently of the Swift code (and of Hugging Face's libraries, which are not available
here) from the BERT paper and the checkpoint's config: BERT basic tokenizer + WordPiece, a 6-layer
384-wide encoder, mean pooling over the attention mask, L2 normalisation.

It produces the golden vectors the Swift tests compare against:

    python3 tools/minilm_reference.py --model models/.../model > Tests/AIProvidersTests/Fixtures/minilm_golden.json
"""
import argparse
import json
import math
import struct
import sys
import unicodedata

import numpy as np

SENTENCES = [
    "A man is eating food.",
    "A man is eating a piece of bread.",
    "A man is riding a horse.",
    "She keeps talking about pottery classes downtown.",
    "He mentioned wanting a vintage record player for his vinyl collection!",
    "Café crème brûlée — naïve résumé façade",
    "Don't forget: anniversary dinner @ 7pm (table for 2)...",
    "東京 travel plans 2027",
    "unbelievably hyperparameterized transformers",
    "",
    "   multiple    spaces\tand\ttabs\nnewline   ",
    "word " * 300,
]


def load_safetensors(path):
    with open(path, "rb") as f:
        n = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(n))
        data = f.read()
    tensors = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        start, end = info["data_offsets"]
        dtype = {"F32": np.float32, "I64": np.int64}[info["dtype"]]
        tensors[name] = np.frombuffer(data[start:end], dtype=dtype).reshape(info["shape"])
    return tensors


class Tokenizer:
    def __init__(self, vocab_path, max_length=256):
        with open(vocab_path, encoding="utf-8") as f:
            self.vocab = {line.rstrip("\n"): i for i, line in enumerate(f)}
        self.max_length = max_length

    @staticmethod
    def _is_whitespace(c):
        return c in " \t\n\r" or unicodedata.category(c) == "Zs"

    @staticmethod
    def _is_control(c):
        if c in "\t\n\r":
            return False
        return unicodedata.category(c).startswith("C")

    @staticmethod
    def _is_punctuation(c):
        cp = ord(c)
        if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
            return True
        return unicodedata.category(c).startswith("P")

    @staticmethod
    def _is_cjk(cp):
        return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF
                or 0x2A700 <= cp <= 0x2B73F or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF
                or 0xF900 <= cp <= 0xFAFF or 0x2F800 <= cp <= 0x2FA1F)

    def basic(self, text):
        cleaned = []
        for c in text:
            cp = ord(c)
            if cp == 0 or cp == 0xFFFD or self._is_control(c):
                continue
            cleaned.append(" " if self._is_whitespace(c) else c)
        spaced = []
        for c in cleaned:
            if self._is_cjk(ord(c)):
                spaced.extend([" ", c, " "])
            else:
                spaced.append(c)
        tokens = []
        for word in "".join(spaced).split():
            word = word.lower()
            word = "".join(c for c in unicodedata.normalize("NFD", word) if unicodedata.category(c) != "Mn")
            current = ""
            for c in word:
                if self._is_punctuation(c):
                    if current:
                        tokens.append(current)
                        current = ""
                    tokens.append(c)
                else:
                    current += c
            if current:
                tokens.append(current)
        return tokens

    def wordpiece(self, word):
        if len(word) > 100:
            return ["[UNK]"]
        pieces, start = [], 0
        while start < len(word):
            end, found = len(word), None
            while start < end:
                sub = word[start:end]
                if start > 0:
                    sub = "##" + sub
                if sub in self.vocab:
                    found = sub
                    break
                end -= 1
            if found is None:
                return ["[UNK]"]
            pieces.append(found)
            start = end
        return pieces

    def encode(self, text):
        pieces = []
        for word in self.basic(text):
            pieces.extend(self.wordpiece(word))
        pieces = pieces[: self.max_length - 2]
        return [self.vocab["[CLS]"]] + [self.vocab[p] for p in pieces] + [self.vocab["[SEP]"]]


def layer_norm(x, weight, bias, eps=1e-12):
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * weight + bias


def gelu(x):
    erf = np.vectorize(math.erf)
    return 0.5 * x * (1.0 + erf(x / math.sqrt(2.0)))


def embed(tensors, ids):
    t = lambda name: tensors[name].astype(np.float64)
    n = len(ids)
    x = t("embeddings.word_embeddings.weight")[ids] + t("embeddings.position_embeddings.weight")[:n] + t("embeddings.token_type_embeddings.weight")[0]
    x = layer_norm(x, t("embeddings.LayerNorm.weight"), t("embeddings.LayerNorm.bias"))
    heads, head_dim = 12, 32
    for layer in range(6):
        p = f"encoder.layer.{layer}."
        lin = lambda v, name: v @ t(p + name + ".weight").T + t(p + name + ".bias")
        q = lin(x, "attention.self.query").reshape(n, heads, head_dim).transpose(1, 0, 2)
        k = lin(x, "attention.self.key").reshape(n, heads, head_dim).transpose(1, 0, 2)
        v = lin(x, "attention.self.value").reshape(n, heads, head_dim).transpose(1, 0, 2)
        scores = q @ k.transpose(0, 2, 1) / math.sqrt(head_dim)
        scores = scores - scores.max(axis=-1, keepdims=True)
        weights = np.exp(scores)
        weights = weights / weights.sum(axis=-1, keepdims=True)
        context = (weights @ v).transpose(1, 0, 2).reshape(n, heads * head_dim)
        x = layer_norm(lin(context, "attention.output.dense") + x, t(p + "attention.output.LayerNorm.weight"), t(p + "attention.output.LayerNorm.bias"))
        hidden = gelu(lin(x, "intermediate.dense"))
        x = layer_norm(lin(hidden, "output.dense") + x, t(p + "output.LayerNorm.weight"), t(p + "output.LayerNorm.bias"))
    pooled = x.mean(axis=0)
    return pooled / np.linalg.norm(pooled)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", required=True, help="folder with model.safetensors and vocab.txt")
    args = parser.parse_args()
    tensors = load_safetensors(f"{args.model}/model.safetensors")
    tokenizer = Tokenizer(f"{args.model}/vocab.txt")
    cases = []
    for sentence in SENTENCES:
        ids = tokenizer.encode(sentence)
        vector = embed(tensors, ids)
        cases.append({"text": sentence, "token_ids": ids, "embedding": [round(float(v), 7) for v in vector]})
    a, b, c = (np.array(cases[i]["embedding"]) for i in range(3))
    print(f"cos(eating food, eating bread) = {a @ b:.4f}; cos(eating food, riding horse) = {a @ c:.4f}", file=sys.stderr)
    json.dump({"model": "all-MiniLM-L6-v2", "cases": cases}, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
