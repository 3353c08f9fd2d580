"""Authority deference: appeals to rank in a transcript, and the directive synthesis then gets.

The authority-deference guard of the design: rank must not decide, the synthesiser justifies
its decision from evidence. `guards._authority_deference` re-exports these names.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from functools import lru_cache

from langgraph_council.nodes._meetings.models import AuthorityCue, Contribution
from langgraph_council.nodes._meetings.rank_rulings import (
    Folded,
    cites_evidence,
    has_source,
    rank_ruling,
    sentences,
)

__all__ = [
    "AUTHORITY_JUDGE_DIRECTIVE",
    "AUTHORITY_JUSTIFICATION_DIRECTIVE",
    "authority_cues_in",
    "detect_authority_cues",
    "strip_authority_cues",
]

_TITLES = (
    r"(?:most )?senior(?: \w+)?|lead|tech lead|team lead|principal(?: engineer)?|staff(?: \w+)?|"
    r"chief(?: \w+)?|head of \w+|director|vp(?: of \w+)?|vice president|cto|ceo|cfo|coo|"
    r"architect|manager|executive|expert|owner|product owner|founder|veteran|boss"
)
_AUTHORITIES = (
    r"ceo|cto|cfo|coo|vp(?: of \w+)?|vice president|director|boss|founders?|head of \w+|"
    r"leadership|management|upper management|the board|board|exec(?:utive)? team|executives|"
    r"(?:chief |principal |lead )?architect|principal engineer|tech lead|my manager|our manager|"
    r"higher[- ]ups|(?:senior|staff|principal) (?:engineers|people|staff|folks|devs)|svp|evp|"
    r"(?:eng(?:ineering)? )?manager|principal|the lead|the experts?"
)
_RULES = (
    r"wants?|said|says|decided|has decided|have decided|prefers?|insists?|insisted|mandated|"
    r"expects?|approved|has signed off|signed off|ruled|has spoken|have spoken|told us|"
    r"made (?:up )?(?:her|his|their) mind|made the call|was (?:very )?clear|is (?:very )?clear|"
    r"already (?:chose|picked|decided|made)|agree(?:s)? with me|knows? best|"
    r"(?:has |have )?made it (?:very )?clear|picked|chose|agreed|(?:is )?backing|backs|owns"
)
# what someone did to find out: "as the tech lead I reviewed the diff" argues from evidence
_EVIDENCE_VERBS = (
    r"reviewed|ran|measured|checked|tested|profiled|looked|read|traced|reproduced|benchmarked|"
    r"found|compared|pulled|analy[sz]ed|counted|verified|audited|timed|inspected"
)
_NUMBER = r"(?:\d+|two|three|four|five|ten|twelve|fifteen|twenty|thirty|many|several)"
_PATTERNS = (
    # a title claimed for oneself: "as the lead", "being the most senior", "speaking as head of"
    rf"\b(?:as|being|speaking as) (?:(?:the|a|an|your|our) )?(?:{_TITLES})\b"
    rf"(?!,? (?:i|we) (?:{_EVIDENCE_VERBS})\b)"
    r"(?:[\w -]{0,30}?(?=[,.;:!]|\s+(?:i|we)\b))?",
    # a role claimed by what one controls: "I'm the one who manages this budget"
    r"\b(?:i'?m|i am|as|being|speaking as) the (?:one|person|guy|woman|man) who "
    r"(?:owns|manages|runs|leads|signs|pays|approves|controls|decides)\b",
    r"\bbecause i said so\b",
    rf"\bi(?:'m| am) (?:(?:the|a|an|your) )?(?:{_TITLES})\b",
    r"\bmy (?:title|seniority|rank|authority|position|track record|record)\b",
    r"\bit'?s my (?:call|decision)\b|\bmy call as\b|\bi(?:'m| am) making the (?:call|decision)\b",
    r"\bi outrank\b|\bpull(?:ing)? rank\b",
    # deference asked for instead of evidence
    r"(?<!n't )(?<!not )\b(?:just )?(?:trust me|take my word|take it from me|believe me|"
    r"have to trust me)\b"
    r"|\bdefer to me\b",
    r"\bi know (?:best|better|what i'?m doing)\b",
    r"\b(?:nobody|no one)(?: (?:in|on) this (?:room|team|call|meeting))? has more \w+ experience"
    r"|\bmore (?:\w+ )?(?:experience|systems) than (?:anyone|anybody|any of you)\b",
    # tenure and a track record standing in for evidence
    rf"\b(?:in|after|with) (?:all )?my (?:{_NUMBER} )?(?:years|decades)\b",
    rf"\bwith (?:{_NUMBER}|two) (?:years|decades) (?:in|of|behind)\b",
    rf"\bi'?ve been (?:running|doing|building|working on|leading) [\w ]{{1,30}}? (?:for|since) "
    rf"(?:{_NUMBER} (?:years|decades)|before)\b",
    r"\bin my experience\b",
    r"\bi'?ve seen (?:this|it|that)(?: exact \w+)? (?:fail|go wrong|before|a hundred times)\b",
    r"\bi (?:wrote|built|designed|created) the original [\w -]{1,40}?, so i know\b",
    rf"\bi (?:have|'ve) led (?:{_NUMBER}) [\w ]{{1,30}}?(?=[;,.:])",
    # someone else's authority: "the CTO wants", "leadership has spoken", "from the top"
    rf"\b(?:the |our |my )?(?:{_AUTHORITIES}) (?:(?:has|have|is|was) )?(?:already |very |all )?"
    rf"(?:{_RULES})\b",
    rf"\b(?:argue with|second-guess|question|go against) (?:the |our )?(?:{_AUTHORITIES})"
    r"(?:'s \w+)?\b|\bsecond-guess them\b",
    r"\b(?:straight |directly )?from the top\b|\borders from above\b",
    r"\b(?:the )?(?:ceo|cto|vp|director|boss) (?:wants|said|says|decided)\b",
    # the authority named first, its ruling after a pronoun: "the CTO ... and he says"
    rf"\b(?:{_AUTHORITIES})\b[^.;?!]{{0,40}}?\b(?:he|she|they) (?:{_RULES})\b",
    rf"\b(?:{_AUTHORITIES}) (?:himself|herself|themselves) (?:{_RULES})\b",
    # rank over the listener: "above your pay grade", "you're a junior", "senior to both of us"
    r"\b(?:above|beyond|below) (?:your|my|our|his|her|their) pay ?grade\b",
    r"\byou(?:'re| are) (?:just |only )?(?:a |the )?(?:junior|intern|new hire|newcomer)\b",
    r"\b(?:your|his|her|their) (?:level of experience|experience level|seniority)\b",
    r"\bsenior to (?:you|me|us|both of us|all of us|them)\b",
    rf"\bknow (?:more|better) than (?:the |our |your )?(?:{_AUTHORITIES}|{_TITLES}|me|us)\b",
    r"\bwho are (?:you|we) to (?:argue|disagree|question|second-guess|challenge|overrule)\b",
    rf"\b(?:disagree with|second-guess(?:ing)?|overrule|challenge) (?:the |our )?"
    rf"(?:{_AUTHORITIES}|{_TITLES})\b",
    r"\bdefer to (?!(?:the )?(?:data|numbers|evidence|benchmarks?|tests?|metrics|measurements)\b)",
    r"\b(?:she|he)(?:'s| is) the (?:expert|boss|authority)\b",
    # evidence waved away: "I don't need a benchmark to know this is right"
    r"\b(?:don'?t|do not|doesn'?t|does not) need (?:a |any |to see (?:a |any )?)?"
    r"(?:benchmarks?|data|evidence|proof|numbers|tests?|to justify|to explain|to prove)\b",
)
_CUE_SPANS = Folded("|".join(f"(?:{p})" for p in _PATTERNS))

_DISMISSED = (
    r"(?:don'?t|do not|doesn'?t|does not|didn'?t|no) need (?:for )?(?:[\w-]+ ){0,4}?(?:to )?"
    r"(?:study|studies|survey|surveys|data|benchmarks?|benchmarking|tests?|testing|numbers|"
    r"proof|evidence|research|spreadsheet|metrics|analysis|report|re-?check|check|validate|"
    r"validation|verify|measure|document|review|postmortem|post-mortem|playtest|trial|audit|"
    r"second opinion|breakdown|justify|explain|prove|lab|labs|analyst|consultant|expert|"
    r"take-home|interview|exercise|assessment|checklist)|speaks? for (?:itself|themselves)|"
    r"no (?:\w+ )?(?:testing|tests|review|benchmarks?|benchmarking|data|study|analysis|proof) "
    r"(?:required|needed|necessary)|"
    r"you (?:may|can|might) have your (?:\w+ ){0,2}(?:benchmarks?|data|numbers|studies|charts|"
    r"spreadsheets?|metrics|tests?)|(?:regardless of|whatever|never mind|forget|ignore) "
    r"(?:what )?(?:the |your )?(?:[\w-]+ )?(?:data|numbers|benchmarks?|tests?|metrics|studies|"
    r"study|survey|report|analysis)|"
    r"(?:benchmark|data|test|evidence) concerns to yourself|because (?:some|a|one|the) "
    r"[\w ]{0,20}(?:survey|study|test|report|benchmark|spreadsheet|poll) says so|"
    r"(?:not |no need to )?waste (?:\w+ )?time (?:on )?(?:benchmark|test|measur|check|validat|"
    r"review|analy[sz])\w*|skip(?:ping)? the (?:\w+ )?(?:benchmarks?|tests?|validation|review|"
    r"analysis|study|trial)|(?:(?:my|our|his|her) (?:experience|record|gut|instinct|career|"
    r"history|track record|years)|experience|(?:my|our) gut) (?:\w+ ){0,2}(?:shows?|shown|"
    r"showed|tells?|told|taught|says)"
)
_DISMISSED_RE = Folded(rf"\b(?:{_DISMISSED})\b")


@lru_cache(maxsize=4096)
def _quoted(sentence: str) -> tuple[str, ...]:
    """The quoted phrasings in one sentence (scanned once)."""
    return tuple(sentence[a:b] for a, b in _CUE_SPANS.spans(sentence))


@lru_cache(maxsize=4096)
def _dismissed(sentence: str) -> tuple[str, ...]:
    """The evidence one sentence waves away (scanned once)."""
    return tuple(sentence[a:b] for a, b in _DISMISSED_RE.spans(sentence))


def _quoted_cues(sentence: str, plain: bool) -> list[str]:
    """The quoted phrasings and waved-away evidence in one sentence, unless it cites evidence."""
    dismissed = _dismissed(sentence)
    if not plain and not dismissed:
        return []  # "as team lead I went through the sprint data: ..." argues from evidence
    quoted = _quoted(sentence)
    return [*quoted, *(d for d in dismissed if not any(d in q for q in quoted))]


def _cues_in(text: str) -> list[str]:
    """Every appeal in `text`: quoted phrasings, then rank ruling in its sentence or the next."""
    said = sentences(text)
    plain = [not cites_evidence(s) for s in said]
    cues: list[str] = []
    for i, sentence in enumerate(said):
        found = _quoted_cues(sentence, plain[i])
        if not found and plain[i]:
            ruling = rank_ruling(sentence)
            if ruling is None and has_source(sentence):
                # "I founded this company. If I say it stays, it stays." rules across a stop
                after = len(list(itertools.takewhile(bool, plain[i + 1 : i + 3])))
                first = i - 1 if i and plain[i - 1] else i
                if after or first < i:
                    ruling = rank_ruling(*said[first : i + 1 + after])
            found = [ruling] if ruling else []
        cues.extend(" ".join(cue.split()) for cue in found)
    if not cues and all(plain):
        # rank named and nothing checked anywhere in the reply: the rank is the argument
        cues.extend(" ".join(s.split()) for s in said if has_source(s))
    return cues


AUTHORITY_JUSTIFICATION_DIRECTIVE = (
    "Some contributions appeal to rank, title or seniority. Rank is not evidence: decide only from "
    "the evidence each position cites, and state in `justification` which evidence supports the "
    "decision. A claim backed only by authority must not win."
)

AUTHORITY_JUDGE_DIRECTIVE = (
    "Judge every participant: does its contribution use rank, title, seniority, tenure or "
    "someone else's authority instead of evidence? Answer in `authority_verdicts`, one entry "
    "per participant (agent_id, defers_to_authority, cue: the words, quoted). Rank is not "
    "evidence: a claim backed only by authority must not win."
)


def detect_authority_cues(contributions: Iterable[Contribution]) -> list[AuthorityCue]:
    """Every appeal to authority in the transcript, in transcript order, once per agent and cue."""
    seen: set[tuple[str, str]] = set()
    cues: list[AuthorityCue] = []
    for c in contributions:
        for text in _cues_in(c.content):
            if (c.agent_id, text.casefold()) in seen:
                continue
            seen.add((c.agent_id, text.casefold()))
            cues.append(AuthorityCue(agent_id=c.agent_id, turn=c.turn, cue=text))
    return cues


def authority_cues_in(text: str) -> list[str]:
    """Every appeal to authority in one text (e.g. a subtask's output), in order, each once."""
    seen: set[str] = set()
    cues: list[str] = []
    for cue in _cues_in(text):
        if cue.casefold() not in seen:
            seen.add(cue.casefold())
            cues.append(cue)
    return cues


def strip_authority_cues(text: str) -> str:
    """`text` with every appeal to authority removed (to compare what is claimed, not by whom)."""
    kept, last = [], 0
    for start, end in _CUE_SPANS.spans(text):
        kept.append(text[last:start])
        last = end
    kept.append(text[last:])
    return " ".join(" ".join(kept).split())
