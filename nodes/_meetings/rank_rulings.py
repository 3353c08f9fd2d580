"""Rank ruling on a question: a sentence naming where rank comes from and closing the question.

`deference.py` quotes known phrasings; people find new ones. This second layer flags a sentence
(or a sentence and the next) that names a source of rank (a title, the org chart, tenure, a
track record, a famous name, the listener's junior status) AND closes the question on it (a
ruling, "settles it", deference asked for), unless the sentence cites evidence.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

__all__ = ["Folded", "cites_evidence", "has_source", "rank_ruling", "sentences"]

_N = (
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty"
    r"(?:-\w+)?|thirty|forty|fifty|many|several|a dozen|a few|a couple of)"
)
_SOURCE = (
    # titles and offices, in any trade, and who once held one
    r"partners?|attending|physician|surgeon|consultant|captain|skipper|pilot in command|"
    r"chair(?:man|woman|person)?|endowed chair|dean|provost|professor|principal(?: \w+)?|"
    r"founders?|co-?founders?|founded|founding \w+|lead(?: \w+)?|architect|director|"
    r"managing director|general counsel|gc|counsel|chiefs?(?: of \w+)?|c[a-z]o|ciso|"
    r"superintendent|commodore|commander|command|colonel|admiral|sergeant|lieutenant|general"
    r"(?= (?:wants|said|says|decided|ordered))|officer|president|vp|svp|evp|head(?: \w+)?"
    r"(?: of \w+)?|owners?|managers?|management|leadership|executives?|exec(?:utive)? "
    r"(?:team|committee)|c-suite|board|committee|upstairs|the top|from above|higher[- ]ups|"
    r"brass|hq|headquarters|corporate|seniors?|seniority|senior \w+|most senior|veterans?|"
    r"old guard|old[- ]timers|elders?|experts?|supervisors?|boss|foreman|superintendent|"
    r"(?:head |executive )?chef|editor(?:[- ]in[- ]chief)?|publisher|judge|maintainers?|bdfl|"
    r"core team|steering committee|dr\.? \w+|doctor|the client|sponsor|minister|governor|mayor|"
    r"sheriff|ranking \w+|my level|your level|pay ?grade|former \w+(?: \w+)?|"
    r"(?:him|her|them)sel(?:f|ves)|"
    # credentials and fame standing in for an argument
    r"nobel|award[- ]winning|prize|tenured|phds?|doctorate|credentials|degrees?|published|"
    r"fellow|famous|legendary|well-known|renowned|world-class|pulitzer|emmy|licensed|certified|"
    r"board-certified|harvard|stanford|oxford|cambridge|ivy league|mba|mph|trained under|"
    r"under (?:my|your|his|her) belt|five-star|aaa|top \w+ in (?:the|this) \w+|helped write|"
    r"wrote the (?:book|guidance|standard|rules|spec)|won (?:\w+ )?(?:championships?|awards?|"
    r"titles?|cases|elections?)|secretary|deputy \w+|undersecretary|(?:the )?\w+'s office|"
    r"coach|gm|general manager|sponsor|investors?|lead investor|regulators?|mckinsey|"
    r"consultants|distinguished \w+|qualified|remit|my (?:record|role|job|position|instinct|"
    r"background)|hired as|individual contributors?|staff-level|principal-level|"
    r"wrote the (?:\w+ ){0,2}(?:book|guide|guidance|standard|rules|spec|policy|playbook|sop|"
    r"manual|framework|library|service|system)|never (?:once )?been wrong|bishop|priest|pastor|"
    r"(?:fairly |still |relatively )?new to|first (?:quarter|month|week|year|weeks|months)|"
    r"staff (?:engineers?|scientists?|members?|architects?|designers?)|"
    r"instincts?|(?:staff|principal|leadership|exec|executive|director|vp|board)[- ]level|"
    r"big[- ]tech|faang|survived|reorgs|council|nurse|p\.?\s?e\.? stamp|stamp|chartered|"
    r"cpa|registered \w+|donors?|funders?|patrons?|benefactors?|ministry|department of \w+|"
    r"the agency|dba|of record|only one (?:here|in the room|at this table)|those of us|"
    r"never had (?:a|an|one) (?:[\w-]+ ){0,3}(?:fail|drift|break|go down|crash|leak)\w*|"
    rf"(?:shipped|built|launched|ran|led|managed|founded|opened|sold|survived|delivered|"
    rf"designed|scaled|coached|trained) (?:our |the |my )?(?:last |past |first )?"
    rf"(?:{_N}|dozens of|hundreds of|countless) [\w-]+|"
    r"came from (?:google|amazon|meta|apple|microsoft|netflix|stripe|big tech|faang)|"
    r"google|amazon|netflix|microsoft|apple|stripe|uber|airbnb|spotify|linkedin|openai|"
    r"award winner|turing|laureate|keynote|speaker at|committers?|contributors?|"
    r"before (?:some of )?you were|captains|"
    r"gartner|forrester|analysts?|gaffer|everyone serious|serious (?:people|teams|companies|"
    r"engineers|shops)|big labs|everybody who matters|(?:thousand|million) (?:flight )?hours|"
    r"more [\w -]{1,30} than anyone|(?:\w+ )?(?:weeks|months) in\b|"
    rf"won (?:\w+ ){{0,3}}(?:{_N}) times|"
    r"i hold (?:a|an|the|two|three) |certifications?|cissp|creator|inventor|author of|"
    r"(?:the one|the person|the guy|the woman|the man|someone) who (?:built|wrote|designed|"
    r"created|founded|led|started|set up|architected|got us through|saved|rescued)|"
    r"(?:been here )?(?:the )?longest|"
    rf"funding|funds? (?:this|the|our)|pays? for|paying for|for {_N} generations|generations|"
    r"clients?\b|customers? (?:asked|wants?|insists?)|when i was at|back at|at my last \w+|"
    r"my (?:domain|area|turf|remit|territory|department|specialty|field)|patents?|"
    r"anyone who(?:'s| has)? (?:actually |ever )?(?:done|worked|run|built|been|shipped|"
    r"managed)|"
    r"(?:questioned|doubted|challenged|second-guessed) (?:me|my)|"
    r"rabbi|imam|coach(?:ed)?|maestro|conductor|auditors?|big four|(?:our|the) pi\b|"
    r"(?:nature|science|cell|lancet) paper|some of us (?:were|have been|remember)|"
    r"(?:newer|new|younger) (?:folks|people|members|engineers|staff|hires)|"
    r"(?:calibration|performance review|your review|promotion|promo packet)|"
    r"rests? with me|up to me|as (?:many|much) [\w -]{1,30} as (?:i|we) have|like i have|"
    r"before (?:they|you)'?ve (?:ever )?(?:worked|built|run|shipped|led|managed)|"
    r"real (?:system|product|company|team)s? at scale|at [\w-]+ scale|"
    r"since (?:before|the (?:seventies|eighties|nineties|\d0s|'\d0s))|a decade|"
    r"who (?:here|else|among you|in this room) (?:has|have)|"
    # the people who decide, own or built it
    r"(?:the )?(?:people|folks|ones|those|someone|somebody) who (?:actually )?(?:make|own|run|"
    r"built|designed|wrote|decide|sign|lead|manage|pay)\w*|decision[- ]makers|the powers that be|"
    r"in charge|who(?:'s| is) in charge|who do you think|i did\b|i (?:built|designed|wrote|"
    r"founded|started) (?:this|it|that|the)|"
    # tenure and a track record
    rf"{_N} (?:years?|decades?|seasons|peak seasons|tours|campaigns|launches|cycles)|decades|"
    r"(?:a|such a) long time|since (?:19|20)\d\d|longer than (?:you|anyone|anybody|most)|"
    r"been (?:here|around|at this|doing this) (?:longer|since|for|a long)|"
    r"been on (?:the|this) team|before you (?:were born|joined|got here|started|arrived)|"
    r"as long as (?:i|we) have|forgotten more|my (?:career|experience|track record|tenure)|"
    r"in my (?:day|time|career)|seasoned|track record|been right (?:before|about)|"
    r"never been wrong|(?:shipped|built|launched|run|ran|led|managed|founded|opened|sold) "
    r"(?:\w+ ){0,3}(?:products|companies|teams|startups|projects|systems|wards|kitchens|"
    r"restaurants|hospitals|units|ships|departments|warehouses?|desks?|stores|hotels|games|"
    r"studios|firms|deals|campaigns|seasons|releases|versions|apps|funds|portfolios|"
    r"trials|cases|clinics|schools|plants|factories|lines|sites|launches|migrations|retros|"
    r"rollouts|incidents|outages|acquisitions|turnarounds|deployments)|"
    rf"through {_N} \w+|before you (?:could|were|knew|had)|outranks?|"
    # the org chart, and the listener's junior status
    r"reports? to me|reporting to me|my (?:team|people|department|org|reports|direct reports|"
    r"staff|ward|lab|kitchen|ship|firm|company|shop|house|unit|floor|crew|site)|"
    r"i (?:run|manage|own) (?:this|the|our) \w+|i sign|interns?|juniors?|first-year|new hires?|"
    r"newcomers?|rookies?|trainees?|contractors?|temps?|fresh out of|junior \w+|leads|"
    r"fda|sec|irs|ema|ofsted|osha|the regulator|"
    r"joined (?:\w+ ){0,2}(?:ago|in \w+|last \w+)|(?:someone|somebody|people) who "
    r"(?:just )?joined|joined (?:in|last) \w+|for (?:two|three|a few|\d+) (?:weeks|months)"
)
_CLOSE = (
    r"settles? (?:it|this|that|the matter)|settled|full stop|period\W*$|end of (?:story|"
    r"discussion|debate|the matter)|case closed|that'?s (?:that|final|the end of it|how it is)|"
    r"final (?:say|word|call|decision|answer)|(?:no|without) (?:further |more )?(?:discussion|"
    r"debate|arguments?|questions|buts|ifs)|not (?:really )?(?:up for|open (?:to|for)) "
    r"(?:debate|discussion|negotiation)|non-?negotiable|drop it|move on|"
    r"(?:let'?s )?not (?:relitigate|re-?debate|argue|revisit|reopen)|"
    r"stays?(?: as[- ]is| put| the way it is)?\b|stays? on\b|"
    r"i say\b|says? so\b|said so\b|as i say|do as (?:i|you'?re) (?:say|told)|orders\b|"
    r"'s (?:call|decision|orders|rules|word|say)\b|"
    r"(?:don'?t|do not|never|won'?t|not going to|refuse to) (?:question|argue with|argue|"
    r"second-guess|challenge|overrule|contradict|debate|discuss|accept|approve|allow)|"
    r"(?:would|will) never|trust (?:me|them|him|her|us|the \w+)|take (?:my|his|her|their) word|"
    r"i'?m telling you|knows? (?:best|better|things|what|why|how)|know why|you'?ll understand|"
    r"(?:his|her|their|my) (?:call|decision|preference|say|position)|"
    r"(?:wins|prevails|rules|decides|gets the last word)\b|"
    r"(?:we|you) (?:go|goes|going) with|go with (?:whatever|what)|whatever (?:he|she|they|"
    r"the \w+) (?:wants?|says?|likes?|prefers?|decides?)|\bif (?:he|she|they|i|we|the \w+) "
    r"says?\b|"
    r"wants?|likes?|dislikes?|doesn'?t like|don'?t like|hates?|prefers?|insists?|expects?|"
    r"decided|decreed|ruled|told (?:us|me|you)|made (?:the|her|his|their|its) (?:call|decision|"
    r"mind|position)|endorsed|vouched for|blessed|"
    r"(?:don'?t|do not) think we need|position (?:is |was )?clear|aligned|"
    r"came (?:down )?from|comes from|"
    r"handed down|said no|said yes|"
    r"(?:that'?s|it'?s|this is) (?:not )?(?:your|my|their|his|her) (?:call|decision|place|job)|"
    r"not (?:your|our) (?:call|decision|place)|(?:not|isn'?t) up to (?:us|you|me)|above your|"
    r"your level|out of place|beside the point|(?:nothing|no need) (?:more |else |further )?"
    r"to (?:discuss|debate|argue|add)|leave (?:that|it|this) to|to yourself|don'?t get to|"
    r"presumptuous|lecture|revert|waits?\b|neither will|nobody (?:here )?needs to|"
    r"(?:run|ran) (?:that|this|it) (?:past|by)|didn'?t (?:consider|think of)|wouldn'?t|"
    r"(?:so|then) (?:that'?s what|we|it|they|you) |, so (?:that'?s|we)|that should|"
    r"\bhas (?:final|the last) say|has spoken|have spoken|signed off|approved|"
    r"(?:i|we) (?:don'?t|do not) (?:need|see why)|who (?:are|is) (?:you|we|anyone)|"
    r"(?:we'?re|we are) (?:keeping|going with|sticking with|staying with|using|doing)|"
    r"\bso (?:we|that'?s|it|neither)\b|we (?:don'?t|do not|never) (?:do|use|ship)\b|"
    r"(?:i|we)'?(?:ll| will) (?:do|use|keep|ship)|"
    r"(?:we|you) (?:do|use|keep|ship|write|make|scrap|drop|file|follow)\b|"
    r"(?:it|that)'?s (?:made|done) (?:this|that) way|the way i\b|not (?:ours|yours|mine) to|"
    r"tells you (?:everything|all)|good enough|rather not hear|(?:any )?more objections|"
    r"make the call|let the (?:people|grown-ups|adults|experts)|how high|\bdrop (?:the|this|it)|"
    r"\brun it\b|(?:just )?isn'?t real|great plan|knew what (?:he|she|they) (?:was|were) doing|"
    r"fine as (?:written|is|it is)|we(?:'re| are) not changing|because [\w ]{1,30}says so|"
    r"(?:is|was) a suggestion|(?:should|must|will) (?:we|you)\b|neither should|"
    r"(?:the )?right call|obviously|\b(?:not )?(?:really )?your call\b|leave (?:the )?[\w ]{0,40}"
    r"to (?:the|us|me|people|them)|let'?s skip|skip (?:the|it)|(?:is|was) enough|"
    r"on your own time|always (?:used|done|been|had|did)|my gut|gut (?:says|tells)|earned|"
    r"stop (?:touching|changing|questioning)|(?:are|is) fine\b|"
    r"isn'?t (?:really )?(?:this|our|the) (?:\w+'s )?(?:call|decision)|mine to \w+|"
    r"let'?s (?:simply |just )?align|almost certainly|comfortable|second-guess\w*|"
    r"don'?t see why|in a position to|comply|don'?t say no|(?:don'?t|won'?t) (?:tend to )?stay|"
    r"rather not|relitigat\w*|skipping|(?:does not|doesn'?t) need|is right where it is|"
    r"questioning (?:their|his|her|my|our)|better than|my call to make|"
    r"(?<!n't )(?<!not )take (?:our|my|his|her|their) word|"
    r"carry the day|why are we (?:still )?(?:arguing|debating|discussing|talking)|"
    r"(?:will )?have to yield|let'?s go with|stands\b|revisit|i (?:think )?i know|works fine|"
    r"know(?:s)? more|that'?s the one|the one going|obvious(?:ly)?|"
    r"who (?:are|is) (?:the |you |we )?\w* ?to (?:tell|question|argue|say)|goes along|"
    r"you'?ll (?:see|understand|learn|get it)|so should (?:we|you)|deference|\bdefer\b|clearly|"
    r"think (?:carefully|twice) before|pushing back|"
    r"by definition|the kind of question|(?:don'?t|doesn'?t) (?:really )?apply|"
    r"fine as \w+|place to|we(?:'re| are) not (?:adding|changing|doing|using|going|moving)|"
    r"(?:so|and) (?:yes, )?we(?:'re| are) (?:adding|doing|going|moving|switching|keeping)|"
    r"don'?t (?:fund|do|change|touch)|you'?ve got [\w ]{1,30}under your belt"
)
_TENURE_UNITS = r"\+?\s?(?:years?|decades?|seasons?|yrs)\b"
_EVIDENCE = (
    # a figure: a count, a size, an id, a version (not a tenure: "20 years", "since 2009")
    r"(?<!since )(?<!in )(?<!')(?<![\w.-])(?!(?:19|20)\d\d\b)\d[\d,.]*(?![\d-])"
    rf"(?!{_TENURE_UNITS})(?![\w,.]*\s?{_TENURE_UNITS})|"
    r"\$\s?\d|\b[a-z]+-\d+|median|on average|(?:the )?average|comparable \w+|"
    r"in the (?:last|past) (?:\w+ )?(?:\d+|two|three|four|five|six|seven|eight|nine|ten|"
    r"twelve|twenty|fifty|hundred)|"
    # something looked at and what it showed
    r"measur\w*|benchmarked|load[- ]test(?:ed|ing)|backtest\w*|profil(?:ed|ing|er)|"
    r"flame graphs?|a/b|error rate|"
    r"not why i|that'?s not (?:why|the reason)|what (?:persuades|convinces|matters)|"
    r"comes from the (?:[\w-]+ )?(?:data|numbers|dependency|graph|logs|results?|model)|"
    r"based on (?:the )?(?:data|numbers|logs|results?|evidence|measurements)|"
    r"the (?:real |actual |concrete |whole )?(?:point|reason|issue|problem) is|turned up|"
    r"recordings?|transcripts?|footage|(?:circulated|shared|sent|forwarded|attached|"
    r"posted) (?:the |our |a |an |last \w+'s )?(?:[\w-]+ ){0,2}(?:report|audit|analysis|study|"
    r"data|numbers|logs|results|figures|findings|survey|spreadsheet|dashboard)\b|"
    r"(?<!experience )(?<!my record )(?<!track record )(?<!gut )(?<!instinct )"
    r"(?<!history )(?<!career )"
    r"\b(?:shows?|showed|shown|found|finds|confirms?|confirmed|indicates?|cites?|"
    r"cited|lists|listed|documents|documented|requires|came in at|went from|"
    r"back(?:s|ed)? (?:it|this|that) up|dropped (?:from|to|by)|rose|fell|doubled|halved|tripled|"
    r"spiked|couldn'?t find|explains|explaining|states|"
    r"struck down|held that|ruled that|called out|flagged|caught|revealed|points? to|"
    r"pointed to|reproduced|traced?|traces|estimated|reported|tested|verified|"
    r"benchmarked|missed|failed|checked|examined|inspected|looked at|dug into|"
    r"analy[sz]ed|compared|counted|timed|sampled|surveyed|interviewed|audited)\b|"
    r"ran (?:[\w-]+ ){0,3}(?:sessions|tests?|benchmarks?|experiments?|trials?|pilots?|queries|"
    r"studies|surveys|interviews|numbers|analys[ie]s|simulations?|scans?|profiler|script)|"
    r"pulled (?:the |our |last \w+'s )?(?:[\w-]+ ){0,2}(?:logs|data|numbers|tickets|records|"
    r"reports|stats|metrics|figures|traces)|confidence interval|attached|notebook|"
    r"in the (?:[\w-]+ ){0,2}(?:test|trial|pilot|study|survey|experiment|audit|scan)\b|"
    r"(?:according to|per) (?:the |our |a |an )?(?:[\w-]+ ){0,2}(?:\w+'s )?(?:[\w-]+ )?"
    r"(?:docs|documentation|"
    r"spec|rfc|data|logs|report|contract|policy|standard|sla|regulation|guideline|audit|"
    r"changelog|runbook|manual|study|survey|postmortem|review)|section \d|clause \d|"
    r"(?:postmortem|post-mortem|report|audit|study|survey|data|logs?|results?|tracker|review|"
    r"dashboard|numbers|spreadsheet|paper|analysis|timeline|graph|chart|changelog|notes|"
    r"minutes|records?)\s+(?:\w+\s+){0,2}(?:says|said|states|notes|puts|has|had|lists)\b|"
    r"(?:i|we) (?:\w+ )?(?:reran|pulled|measured|tested|profiled|checked|counted|compared|"
    r"reproduced|went through|dug into|looked at|surveyed|timed|bisected|rebuilt|"
    r"sampled|tracked|audited|reviewed|analy[sz]ed|calculated|computed|modell?ed|plotted|"
    r"traced|interviewed|triage[ds]?|tallied|replayed|prototyped|instrumented|simulated|"
    r"load-tested|stress-tested|polled|inspected)"
)


class Folded:
    """A long alternation run on lowercased text: 2-4x faster than `re.IGNORECASE` on it.

    Spans index the original text (lowercasing keeps the length of any ASCII text; other text
    whose length changes takes the IGNORECASE pattern)."""

    def __init__(self, pattern: str) -> None:
        self._fast = re.compile(pattern)
        self._slow = re.compile(pattern, re.IGNORECASE)

    def spans(self, text: str) -> tuple[Span, ...]:
        low = text.lower()
        found = self._fast.finditer(low) if len(low) == len(text) else self._slow.finditer(text)
        return tuple(m.span() for m in found)

    def found(self, text: str) -> bool:
        low = text.lower()
        if len(low) == len(text):
            return self._fast.search(low) is not None
        return self._slow.search(text) is not None


Span = tuple[int, int]
_SOURCE_RE = Folded(rf"\b(?:{_SOURCE})\b")
# a name ruling: "Apple doesn't ...", "Frank set it up like that", "Jensen Huang said"
_NAMED_RE = re.compile(
    r"\b(?!(?:The|We|I|It|This|That|Our|They|He|She|You|If|So|But|And|Or|When|As|Let|Sure|"
    r"Look|Well|Yes|No|In|On|At|For|With|Per|Even|Its|Since|After|Before|Because|Frankly|"
    r"Honestly|Respectfully|What|Why|How|Who|Then|Also|Maybe|Please|Just|Everyone|Nobody)\b)"
    r"[A-Z][a-z]+(?: [A-Z][a-z]+)? (?:said|says|recommended|recommends|does|doesn'?t|did|"
    r"didn'?t|would|wouldn'?t|knew|knows|set|uses|used|endorsed|built|wanted|wants|thinks|"
    r"runs|run|ran|has|had|ships|shipped|swears|swore|always|posted|tweeted|wrote|argued|"
    r"believes|moved|knows?)\b"
    r"|\b[A-Z][a-z]+'s (?:engineers|team|people|lawyers|doctors|founders|leadership|way)\b"
    r"|\bcame from [A-Z][a-z]+"
)
# anchored at a word or an apostrophe/comma: trying every alternative at every position was
# most of the detector's time
_CLOSE_RE = Folded(rf"(?:\b|(?=[',]))(?:{_CLOSE})")
_CONTRAST = re.compile(
    r"[,;:]?\s+(?<!noted )(?<!noted, )but\b,?|[,;]\s*(?:yet|though|however|although)\b,?",
    re.IGNORECASE,
)
# a version, a standard or a grade is a topic, not a figure: "Terraform 0.12", "SOC 2", "Year 9"
_VERSION = re.compile(
    r"\b[A-Z][\w+-]* v?\d+\.\d+(?:\.\d+)*\b|\b[A-Z][A-Za-z]+ \d{1,2}\b|\b(?:[Yy]ear|[Gg]rade|"
    r"[Ll]evel|[Tt]ier|[Pp]hase|[Ss]tage|[Ss]tep|[Rr]oom|[Ff]loor|[Ww]ard|[Vv]ersion) \d+\b"
)
_EVIDENCE_RE = Folded(rf"\b(?:{_EVIDENCE})")
_SENTENCE = re.compile(r"(?:[^.!?\n]|[.!?](?=[^\s.!?]))+(?:[.!?]+|$)")
_TITLE_STOP = re.compile(r"\b(?:dr|mr|mrs|ms|prof|st|vs|gen|col|capt|lt|sgt|jr|sr)\.$", re.I)


def sentences(text: str) -> list[str]:
    """`text` cut at full stops, question and exclamation marks and newlines (not "4.1%", not
    "Dr. Alvarez")."""
    out: list[str] = []
    for match in _SENTENCE.finditer(text):
        part = match.group(0)
        if out and _TITLE_STOP.search(out[-1]):
            out[-1] += part
        elif part.strip():
            out.append(part)
    return out


@lru_cache(maxsize=4096)
def cites_evidence(sentence: str) -> bool:
    """Whether the sentence rests on something checked: a number with a unit, a test, a log."""
    return _EVIDENCE_RE.found(_VERSION.sub("", sentence))


def _spans(pattern: re.Pattern[str], text: str) -> tuple[Span, ...]:
    return tuple(m.span() for m in pattern.finditer(text))


# one scan per sentence and pattern, only when needed: the patterns are long alternations and
# the windows below look at a sentence up to three times
@lru_cache(maxsize=4096)
def _sources(sentence: str) -> tuple[Span, ...]:
    return tuple(sorted(_SOURCE_RE.spans(sentence) + _spans(_NAMED_RE, sentence)))


@lru_cache(maxsize=4096)
def _closes(sentence: str) -> tuple[Span, ...]:
    return _CLOSE_RE.spans(sentence)


@lru_cache(maxsize=4096)
def _contrasts(sentence: str) -> tuple[Span, ...]:
    return _spans(_CONTRAST, sentence)


def _shifted(parts: Sequence[str], find: Callable[[str], tuple[Span, ...]]) -> list[Span]:
    """`find`'s spans in each part, at their offsets in the parts joined by spaces."""
    out: list[Span] = []
    shift = 0
    for part in parts:
        out.extend((a + shift, b + shift) for a, b in find(part))
        shift += len(part) + 1
    return out


def _set_aside(sources: list[Span], contrasts: list[Span], parts: Sequence[str]) -> bool:
    """Rank named, then set aside for something else: "twelve years here, but the log shows"."""
    for start, end in contrasts:
        before = any(b <= start for _, b in sources)
        after = any(a >= end for a, _ in sources)
        if before and not after:
            return not any(a >= end for a, _ in _shifted(parts, _closes))
    return False


def rank_ruling(*parts: str) -> str | None:
    """A source of rank and a ruling closing the question on it in these consecutive sentences,
    quoted first word to last."""
    sources = _shifted(parts, _sources)
    if not sources or _set_aside(sources, _shifted(parts, _contrasts), parts):
        return None
    closes = _shifted(parts, _closes)
    text = " ".join(parts)
    for source in sources:
        for close in closes:
            if close[0] >= source[1] or close[1] <= source[0]:
                start, end = min(source[0], close[0]), max(source[1], close[1])
                return text[start:end].strip(" ,;:")
    return None


def has_source(sentence: str) -> bool:
    """Whether the sentence leans on a source of rank (named, and not set aside)."""
    sources = list(_sources(sentence))
    return bool(sources) and not _set_aside(sources, list(_contrasts(sentence)), (sentence,))
