"""The word lists the extractor reads (``kg/extract/data/lexicon.json``), loaded once and checked.

Rules refer to these lists by name ("@event_nouns", "@titles.leader"), so a list is edited in
one place. Loading validates the shape and raises :class:`RuleError` naming the file and key.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, fields
from functools import cached_property, lru_cache
from pathlib import Path

from kg.errors import RuleError

LEXICON_PATH = Path(__file__).parent / "data" / "lexicon.json"
TITLE_ROLES = {"leader": "leaderOf", "member": "memberOf", "staff": "worksFor"}


@dataclass(frozen=True, eq=False)
class Lexicon:
    """Read-only word lists; every word is lower case."""

    raw: dict
    honorific_gender: dict[str, str]          # "mrs" -> "female", "dr" -> "any"
    royal_titles: frozenset[str]
    title_role: dict[str, str]                # "chairman" -> "leader"
    title_modifiers: frozenset[str]
    title_not_position: frozenset[str]
    org_descriptors: frozenset[str]           # "bakery chain X", "X, the shipping group": X is an organization
    org_possessions: frozenset[str]           # "X's shares", "X's board": X is an organization
    elect_verbs: frozenset[str]               # "elect", "re-elect"
    not_elected_posts: frozenset[str]         # "candidate", "nominee": what one runs as, not what one wins
    appoint_verbs: frozenset[str]             # "name", "make", "become": verbs that give a title
    request_verbs: frozenset[str]             # "urge", "call": asking someone to act
    demand_nouns: frozenset[str]              # "calls", "demands"
    resign_verbs: frozenset[str]              # "resign", "quit"
    step_down_verbs: frozenset[str]           # "step", "stand" (with a particle below)
    step_down_particles: frozenset[str]       # "down", "aside"
    apologize_verbs: frozenset[str]
    resignation_nouns: frozenset[str]         # "resignation", "departure"
    refusal_verbs: frozenset[str]             # "refuse", "decline"
    resistance_verbs: frozenset[str]          # "resist", "reject", "defy"
    public_body_words: frozenset[str]         # "court", "inquiry": who is told there is no news outlet
    corporate_titles: frozenset[str]          # "chief executive X" alone: the company last named
    journalist_nouns: frozenset[str]          # "told the reporter X": X interviews
    outer_place_nouns: frozenset[str]         # "suburb": "the Paris suburb of X" puts X in Paris
    place_titles: frozenset[str]              # "mayor": "Bristol mayor X" is an office of a place
    generic_titles: frozenset[str]            # "leader", "chief": a title, but bare no post of its own
    name_like_titles: frozenset[str]          # "dean": before a surname alone, a given name ("Dean Holt")
    group_adjectives: frozenset[str]          # "Latino", "Catholic": a group's word, never an organization's name
    tie_titles: frozenset[str]                # "leader", "boss": even of a named body a tie, no post ("Tory leader X")
    people_nouns: frozenset[str]              # "members", "workers": people, whatever names them ("Council members")
    not_posts: frozenset[str]                 # titles that name no post: "member", "activist", "candidate"
    posts_of_their_own: frozenset[str]        # "coach", "editor": staff titles that with "the" name one post
    demonym_nouns: frozenset[str]             # "Dane", "Briton": one of a nation, before a name ("the Dane Lars Madsen")
    postnominal_titles: frozenset[str]        # "MSP", "MP": a member's letters after the name ("Rory Dunn MSP")
    department_words: frozenset[str]          # "finance", "marketing": a "finance director" heads a department
    address_titles: frozenset[str]            # "rabbi", "imam": before a name a form of address, no post ("Rabbi X")
    office_nouns: frozenset[str]              # "presidency", "governorship": an office, named without a title
    title_org_cues: dict[str, str]            # "councilman" -> "council"
    word_forms: dict[str, str]                # "re-elected" -> "re-elect": read whole, with this lemma
    party_of: dict[str, str]                  # "tories" -> "Conservative Party"
    place_of: dict[str, str]                  # "britain" -> "United Kingdom"
    title_in_full: dict[str, str]             # "gov." -> "Governor": a title's word written short
    org_heads: frozenset[str]
    place_nouns: frozenset[str]
    locative_preps: frozenset[str]
    event_nouns: frozenset[str]
    meeting_nouns: frozenset[str]             # the event nouns that make an event a kg:Meeting
    nonfactual_marks: frozenset[str]
    nonfactual_heads: frozenset[str]
    weak_modals: frozenset[str]
    pronoun_class: dict[str, str]             # "him" -> "male", "their" -> "plural"
    local_org_nouns: frozenset[str]           # "firm": "Leeds firm X" is an organization
    party_leader_titles: frozenset[str]       # the titles that make a party's leader
    phrasal_particles: dict[str, frozenset[str]]  # "stand" -> {"down", "aside"}
    news_cues: frozenset[str]                 # a word that makes an organization a news outlet
    news_nouns: frozenset[str]                # "the station", "the paper": an outlet by its noun
    surname_titles: frozenset[str]            # "Mr Marsh": the titles merges read before a surname
    given_name_titles: frozenset[str]         # "Sir Tom", "Dame Ann": the titles said before a given name alone
    relative_pronouns: frozenset[str]         # "who", "which": a relative clause's subject
    first_person_pronouns: frozenset[str]     # "I", "my": the speaker, inside a quote
    acronym_skip: frozenset[str]              # words an acronym leaves out ("of", "the")
    reporting_verbs_too: frozenset[str]       # "told the paper that...": reports, not asks
    name_particles: frozenset[str]            # "de", "van": part of a surname
    speech_verbs: frozenset[str]              # "said", "added": a quote's speaker
    label_verbs: frozenset[str]               # "called Y a fantasy", "branded Y reckless"
    criticism_words: frozenset[str]           # "shambles", "misled": negative evaluations news uses
    wrongdoing_words: frozenset[str]          # "lied", "falsified": "said Y lied" accuses Y
    insult_nouns: frozenset[str]              # "liar", "lightweight": calling someone one criticises them
    criticism_phrases: frozenset[str]         # "out of (his) depth", "let down": lemmas, no articles or pronouns
    soundness_phrases: frozenset[str]         # "stack up", "make sense": "does not make sense" criticises
    virtue_words: frozenset[str]              # "credible", "straight": "no credible plan", "not straight with" criticise
    passive_criticism_phrases: frozenset[str] # "not be trust", "find wanting": said of a passive's subject (also criticism_phrases)
    opinion_verbs: frozenset[str]             # "think", "believe": '"I think Y got it wrong," said X' says Y got it wrong
    concession_verbs: frozenset[str]          # "admit", "concede": "X admitted Y had made mistakes" is no criticism of Y
    undergo_verbs: frozenset[str]             # "suffered", "lost": what happens to a subject, not its fault
    person_verbs: frozenset[str]              # "was employed", "was arrested": done to a person
    past_title_words: frozenset[str]          # "former", "ex", "outgoing": a title held before
    group_nouns: frozenset[str]               # "the two men", "both leaders": the people just named together
    envoy_nouns: frozenset[str]               # "representatives", "officials": "officials from X" speak for X
    rank_abbreviations: frozenset[str]        # "lt", "cmdr": "Navy spokesman Lt. Cmdr. X" (without the dot)
    resident_nouns: frozenset[str]            # "pensioner", "tenant": "a Leeds pensioner" lives in Leeds
    party_tags: frozenset[str]                # "d", "r": "X, D-Ohio," a legislator's party and state
    resident_titles: frozenset[str]           # "mayor", "gov.": "Tulsa Mayor X" lives in Tulsa
    not_employment_titles: frozenset[str]     # "critic", "supporter": "a critic of the BBC" does not work there
    owner_words: frozenset[str]               # "found", "owner": who leads by these is not on the staff
    membership_heads: frozenset[str]          # "union", "council": who leads one is of its members, not its staff
    factive_adjectives: frozenset[str]        # "was quick to condemn": an adjective whose infinitive is done
    post_keeping_verbs: frozenset[str]        # "quit as", "stay on as": said or not, one holds the post
    content_nouns: frozenset[str]             # "claims that X resigned", "calls to quit": what such a noun holds is not said
    admit_verbs: frozenset[str]               # "welcome", "admit": "X welcomed Y as a member" makes Y one of X's
    business_words: frozenset[str]            # "ltd", "bank": a name with one is a business's, whose joiners are staff
    squad_nouns: frozenset[str]               # "striker", "manager": "Leeds striker X" names a club, not a city
    street_words: frozenset[str]              # "lane", "road": "Wellbrook Lane" is a street, a place
    unique_titles: frozenset[str]             # "queen", "pope": "the Queen" alone names one person
    occupations: frozenset[str]               # "boxer", "novelist": "Boxer Lee Chambers" is Lee Chambers
    not_home_nouns: frozenset[str]            # "spokesman", "expert", "native": "a Kremlin aide" need not live there
    harm_verbs: frozenset[str]                # "damage", "ignore": "said Y's plan would damage the economy" criticises Y
    hardship_verbs: frozenset[str]            # "hit", "hurt": the same, but only done to victim_nouns ("would hit families")
    victim_nouns: frozenset[str]              # "families", "pensioners": whom a policy hits
    warning_verbs: frozenset[str]             # "warn": "warned that Y would raise taxes" (a burden_noun) criticises Y
    burden_nouns: frozenset[str]              # "taxes", "fares", "jobs": what a warning says Y will raise or cut
    wrongdoing_phrases: frozenset[str]        # "be to blame", "at fault": lemmas, like criticism_phrases; accuse
    saying_nouns: frozenset[str]              # "claim", "warning": "X's claim that Y lied" is said as "X said Y lied"
    accusation_nouns: frozenset[str]          # "allegation": "allegations by X that Y ..." accuse Y, whatever Y did
    claim_making_verbs: frozenset[str]        # "make", "repeat": "X made the allegation that ..." is X's
    document_nouns: frozenset[str]            # "report", "lawsuit": "a report by X criticised Y" is X's criticism
    undergone_nouns: frozenset[str]           # "sacking", "death": "criticised the sacking of X" is not said of X

    @cached_property
    def title_nouns(self) -> frozenset[str]:
        """The one-word titles ("chairman", "nurse"): relational nouns of the phrase layer."""
        return frozenset(t for t in self.title_role if " " not in t and "-" not in t)

    @cached_property
    def title_heads(self) -> frozenset[str]:
        """The last words of the titles of several words ("justice" of "chief justice", "general" of
        "attorney general"): nouns the phrase layer reads as titles when the whole title is there."""
        return frozenset(t.split()[-1] for t in self.title_role if " " in t and t.split()[-1].isalpha())

    @cached_property
    def descriptive_nouns(self) -> frozenset[str]:
        """Nouns that say what a thing is, not that something happens ("district", "spokesman",
        "resident", "firm"): a verb over them does not make their facts conditional."""
        return self.title_nouns | self.place_nouns | self.people_nouns | self.org_descriptors

    @cached_property
    def org_descriptors_not_trades(self) -> frozenset[str]:
        """The organization descriptors that are no person's trade ("chain", not "broadcaster")."""
        return self.org_descriptors - self.occupations

    @cached_property
    def masthead_words(self) -> frozenset[str]:
        """"gazette", "echo": the last word of a newspaper's name ("the Harrowgate Echo")."""
        return frozenset(self.words("masthead_words"))

    @cached_property
    def press_pieces(self) -> frozenset[str]:
        """"editorial", "column": a paper's own pieces ("an editorial in the Herald" speaks for it)."""
        return frozenset(self.words("press_pieces"))

    @cached_property
    def org_part_nouns(self) -> frozenset[str]:
        """"branch", "chapter": "the Leeds chapter of X backed Y" is X's doing."""
        return frozenset(self.words("org_part_nouns"))

    @cached_property
    def regard_verbs(self) -> frozenset[str]:
        """"praise", "describe", "see": "praised X as a natural leader" says what X is thought to be,
        no post X holds."""
        return frozenset(self.words("regard_verbs"))

    @cached_property
    def replace_verbs(self) -> frozenset[str]:
        """"replace", "succeed": "A replaced B as chair" gives the chair to A."""
        return frozenset(self.words("replace_verbs"))

    def words(self, ref: str) -> list[str]:
        """The list a rule names: "event_nouns" or "titles.leader" (dotted path into the file)."""
        node = self.raw
        for part in ref.split("."):
            if not isinstance(node, dict) or part not in node:
                raise KeyError(ref)
            node = node[part]
        if isinstance(node, dict):  # a dict of lists: all of them
            node = [w for v in node.values() for w in (v if isinstance(v, list) else [])]
        if not isinstance(node, list) or not all(isinstance(w, str) for w in node):
            raise KeyError(ref)
        return sorted(set(node))


def _words(raw: dict, key: str, path: Path) -> frozenset[str]:
    value = raw.get(key)
    if not isinstance(value, list) or not all(isinstance(w, str) for w in value):
        raise RuleError(f"{path}: '{key}' must be a list of strings")
    return frozenset(w.lower() for w in value)


def _mapping(raw: dict, key: str, path: Path) -> dict:
    value = raw.get(key)
    if not isinstance(value, dict):
        raise RuleError(f"{path}: '{key}' must be an object")
    return value


def parse_lexicon(raw: dict, *, path: Path = LEXICON_PATH) -> Lexicon:
    """Validate a lexicon dict and build the lookup tables."""
    honorific_gender = {}
    for gender, words in _mapping(raw, "honorifics", path).items():
        for w in words:
            honorific_gender[w.lower()] = gender
    title_role = {}
    for role, words in _mapping(raw, "titles", path).items():
        if role not in TITLE_ROLES:
            raise RuleError(f"{path}: titles: unknown role '{role}' (known: {', '.join(TITLE_ROLES)})")
        for w in words:
            title_role[w.lower()] = role
    party_of = {}
    for canonical, forms in _mapping(raw, "parties", path).items():
        party_of[canonical.lower()] = canonical
        for f in forms:
            party_of[f.lower()] = canonical
    place_of = {}
    for canonical, forms in _mapping(raw, "place_aliases", path).items():
        place_of[canonical.lower()] = canonical
        for f in forms:
            place_of[f.lower()] = canonical
    title_in_full = {}
    for full, forms in _mapping(raw, "title_abbreviations", path).items():
        for f in forms:
            title_in_full[f.lower()] = full
    pronoun_class = {}
    for cls, words in _mapping(raw, "pronouns", path).items():
        for w in words:
            pronoun_class[w.lower()] = cls
    # every plain word list is read the same way, under its field's name
    lists = {f.name: _words(raw, f.name, path) for f in fields(Lexicon) if f.type == "frozenset[str]"}
    return Lexicon(
        **lists,
        raw=raw,
        honorific_gender=honorific_gender,
        title_role=title_role,
        title_org_cues={k.lower(): v.lower() for k, v in _mapping(raw, "title_org_cues", path).items()},
        word_forms={f.lower(): lemma.lower() for lemma, forms in _mapping(raw, "word_forms", path).items()
                    for f in forms},
        party_of=party_of,
        place_of=place_of,
        title_in_full=title_in_full,
        pronoun_class=pronoun_class,
        phrasal_particles={k.lower(): frozenset(_words(raw["phrasal_particles"], k, path))
                           for k in _mapping(raw, "phrasal_particles", path)},
    )


def read_data_file(path: Path, *, what: str) -> object:
    """A JSON data file's content; a RuleError naming the file when it cannot be read or parsed."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"), object_pairs_hook=_unique_keys)
    except (OSError, ValueError) as e:
        raise RuleError(f"{path}: cannot read {what}: {e}") from None


def _unique_keys(pairs: list[tuple[str, object]]) -> dict:
    """A JSON object whose keys are all different (json.loads keeps the last of two silently)."""
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} is given twice")
        out[key] = value
    return out


@lru_cache(maxsize=4)
def load_lexicon(path: Path = LEXICON_PATH) -> Lexicon:
    """Load and validate the lexicon file (cached)."""
    raw = read_data_file(path, what="lexicon")
    if not isinstance(raw, dict):
        raise RuleError(f"{path}: the lexicon must be a JSON object")
    return parse_lexicon(raw, path=Path(path))


def party_word(word: str, lexicon: Lexicon) -> bool:
    """A party's name or the first word of one ("Tory", "Liberal", "Green"): no word of a post's
    name, nor a town's."""
    return word in lexicon.party_of or any(k.split()[0] == word for k in lexicon.party_of)


def singular_title(word: str, lexicon: Lexicon) -> str:
    """The title a plural names ("councillors" -> "councillor", "MPs" -> "MP", "spokesmen" ->
    "spokesman"), in the word's own case; "" for a word that is none."""
    low = word.lower()
    for plural, singular in (("men", "man"), ("women", "woman"), ("s", "")):
        if low.endswith(plural) and (low[: len(low) - len(plural)] + singular) in lexicon.title_role:
            return word[: len(word) - len(plural)] + singular
    return ""
