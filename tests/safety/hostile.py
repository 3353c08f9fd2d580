"""Fence-breaking text for hypothesis, and an independent checker of a prompt's fences.

The checker reads a prompt the way a lenient model might: it decodes HTML references (nested),
NFKC-folds and case-folds every character, drops combining marks, whitespace, control and
zero-width characters, reads look-alike letters and brackets as ASCII. Every `<` followed (after
at most four non-alphanumeric characters) by a fence tag name in that view must be one of the
prompt's own structural fence lines, and those must open and close in pairs.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Sequence

from hypothesis import strategies as st

from langgraph_council.nodes.testing import ScriptCall

CANARY = "ZQXCANARY"

ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u180e"]
BRACKETS = ["<", "\uff1c", "\ufe64", "\u2039", "\u2329", "\u27e8", "\u3008", "\u02c2", "\u1438"]
LESS_THAN_REFS = ["&lt;", "&LT;", "&lt", "&#60;", "&#060;", "&#x3c;", "&#X3C", "&amp;lt;"]
LESS_THAN_REFS += ["&amp;amp;lt;", "&amp;#60;"]
SLASHES = ["/", "\uff0f", "&#47;", "&sol;", "&#x2f;"]
DASHES = ["-", "\u2010", "\u2011", "\u2013", "\u2014", "\u2212", "_", " ", "", "\uff0d", "&#45;"]
LOOKALIKE_LETTERS = {
    "a": ["\u0430", "\u03b1", "\uff41", "A"],
    "e": ["\u0435", "\u03b5", "\uff45", "E"],
    "o": ["\u043e", "\u03bf", "\uff4f", "O"],
    "p": ["\u0440", "\u03c1", "\uff50", "P"],
    "c": ["\u0441", "\uff43", "C"],
    "t": ["\u0442", "\u03c4", "\uff54", "T", "&#116;"],
    "s": ["\u0455", "\uff53", "S"],
    "k": ["\u043a", "\u03ba", "K"],
    "i": ["\u0456", "\u03b9", "I"],
    "n": ["\u043f", "\u03b7", "N"],
}
CHECKER_LOOKALIKES = {
    "\u0430": "a", "\u03b1": "a", "\u0435": "e", "\u03b5": "e", "\u043e": "o", "\u03bf": "o",
    "\u0440": "p", "\u03c1": "p", "\u0441": "c", "\u0442": "t", "\u03c4": "t", "\u0455": "s",
    "\u043a": "k", "\u03ba": "k", "\u0456": "i", "\u03b9": "i", "\u043f": "n", "\u03b7": "n",
    "\u2039": "<", "\u2329": "<", "\u27e8": "<", "\u3008": "<", "\u02c2": "<", "\u1438": "<",
}  # fmt: skip
_OPENER = re.compile(r"<(?=[^a-z0-9]{0,4}(?:task-?data|peer-?contribution))")
_STRUCTURAL = re.compile(
    r'^<(/?)(task-data|peer-contribution)((?: [a-z]+="[A-Za-z0-9_.:@-]*")*)>$', re.MULTILINE
)


@st.composite
def fence_tag(draw: st.DrawFn) -> str:
    """One spelling of a fence tag (mostly closing), mangled the ways a reader still sees."""
    name = draw(st.sampled_from(["task-data", "peer-contribution"]))
    head, tail = name.split("-")

    def letters(word: str) -> str:
        return "".join(
            draw(st.sampled_from([ch, *LOOKALIKE_LETTERS[ch]])) if ch in LOOKALIKE_LETTERS else ch
            for ch in word
        )

    word = letters(head) + draw(st.sampled_from(DASHES)) + letters(tail)
    if draw(st.booleans()):
        word = draw(st.sampled_from(ZERO_WIDTH)).join(word) if draw(st.booleans()) else word
    slash = draw(st.sampled_from(SLASHES)) if draw(st.integers(0, 3)) else ""
    bracket = draw(st.sampled_from([*BRACKETS, *LESS_THAN_REFS]))
    pad = draw(st.sampled_from(["", " ", "\t", "\n", " \u200b ", "\u2028"]))
    close = draw(st.sampled_from([">", " >", "&gt;", "\uff1e", ""]))
    tag = f"{bracket}{pad}{slash}{pad}{word}{pad}{close}"
    if draw(st.integers(0, 4)) == 0:  # nested: a tag inside a tag
        cut = draw(st.integers(1, len(tag) - 1))
        tag = tag[:cut] + f"</{name}>" + tag[cut:]
    return tag


_PLAIN = st.text(alphabet=st.sampled_from(list("abc XYZ<>/&;#-_\n:") + ZERO_WIDTH[:2]), max_size=12)


def hostile_text(*, one_line: bool = False) -> st.SearchStrategy[str]:
    """Untrusted text holding fence tags, the canary and noise; never blank."""
    piece = st.one_of(fence_tag(), fence_tag(), _PLAIN, st.just(CANARY), st.just("\n"))
    text = st.lists(piece, min_size=1, max_size=6).map(lambda parts: CANARY + "".join(parts))
    if one_line:
        return text.map(lambda t: " ".join(t.splitlines()) or CANARY)
    return text


def folded(text: str) -> str:
    """The checker's lenient reading of `text` (see the module docstring)."""
    for _ in range(4):
        text = html.unescape(text)
    out: list[str] = []
    for ch in text:
        for c in unicodedata.normalize("NFD", unicodedata.normalize("NFKC", ch)):
            category = unicodedata.category(c)
            if category[0] in "CZ" or category in ("Mn", "Me") or c.isspace():
                continue
            for low in c.casefold():
                dash = unicodedata.category(low) == "Pd" or low in "_\u2212"
                out.append("-" if dash else CHECKER_LOOKALIKES.get(low, low))
    return "".join(out)


def fence_problems(text: str, *, allowed_mentions: int = 0) -> list[str]:
    """Why `text` is not safely fenced ([] when it is)."""
    problems: list[str] = []
    tags = list(_STRUCTURAL.finditer(text))
    spans: list[tuple[int, int]] = []
    for opening, closing in zip(tags[::2], tags[1::2], strict=False):
        if opening.group(1) or not closing.group(1) or opening.group(2) != closing.group(2):
            problems.append(f"fences out of order: {opening.group(0)!r} .. {closing.group(0)!r}")
        spans.append((opening.end(), closing.start()))
    if len(tags) % 2:
        problems.append(f"unpaired fence line {tags[-1].group(0)!r}")
    openers = len(_OPENER.findall(folded(text)))
    if openers != len(tags) + allowed_mentions:
        problems.append(f"{openers} tag openers for {len(tags)} fence lines")
    for found in re.finditer(CANARY, text):
        if not any(start <= found.start() < end for start, end in spans):
            problems.append(f"untrusted text outside a fence at {found.start()}")
    return problems


def check_calls(calls: Sequence[ScriptCall], directive: str) -> None:
    """Every prompt of every recorded `ScriptCall` is safely fenced."""
    assert calls, "no model call was made"
    for call in calls:
        system = call.system
        assert system.count(directive) == 1
        bad = fence_problems(system.replace(directive, ""))
        assert not bad, (bad, system)
        for message in call.messages[1:]:
            bad = fence_problems(str(message.content))
            assert not bad, (bad, call.agent_id, str(message.content))
