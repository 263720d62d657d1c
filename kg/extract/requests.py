"""Calls for someone to resign or apologise, and refusals to resign, read from predications.

A call is a resignation (or apology) that the text does not assert but asks for: the
predication of "resign", "step down", "go" or "apologise" sits under a verb of asking ("urged
Y to quit", "called on Y to go", "demanded that Y apologise", "wants Y to step down"), a noun of
asking ("led calls for Y to resign", "joined demands for Y's resignation"), or a speech verb
with a modal of obligation ("said Y should resign", "insisted Y must apologise"). The one who
asks calls for it of the one who is to do it. A refusal is a resignation under a verb of
refusing or resisting whose subject is the one who would resign ("refused to step down",
"rejected calls to quit", "vowed to stay on").

Pure: predications and the resolver in, facts out.
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from spacy.tokens import Doc, Token

from kg.extract.coref import Resolver
from kg.extract.docmemo import children
from kg.extract.syntax import source_of, verb_of_object_conjunct
from kg.extract.facts import SIGNATURES
from kg.extract.factuality import is_negated, is_nonfactual
from kg.extract.positions import as_position
from kg.extract.lexicon import Lexicon
from kg.extract.clauses import implicit_subject
from kg.extract.predications import Predication, lemma_indices as _candidates
from kg.model import Fact, ObjectRef

RULE_CALL = "phrase:call"
RULE_REFUSAL = "phrase:refusal"
CLIMB = ("xcomp", "ccomp", "advcl", "acl", "pcomp", "pobj", "prep", "relcl", "dobj", "nsubjpass", "attr", "conj")
OBLIGATION = ("should", "must", "ought")
STAY_NOUNS = frozenset({"office", "post", "job", "role", "position", "charge", "power"})
#: "will see out her term": what one stays to the end of
TERM_NOUNS = frozenset({"term", "mandate", "contract", "tenure"})
#: verbs whose "on" says one stays: "cling on", "fight on", "soldier on"
STAY_ON_VERBS = frozenset({"cling", "fight", "soldier", "hang", "battle"})
COMMITMENTS = frozenset({"vow", "pledge", "insist", "promise", "intend", "plan", "decide", "swear", "determine",
                         "resolve", "determined", "resolved"})
#: "had to resign", "needs to go": a verb of necessity over the act, said by someone, asks for it
NECESSITY = frozenset({"have", "need", "ought"})
#: "said X owed her an apology": owing the act asks it of the one who owes
OWE_VERBS = frozenset({"owe"})
#: "called for X to be sacked", "urged the board to fire X": a dismissal asked for is a call to go
DISMISS_VERBS = frozenset({"sack", "fire", "dismiss", "remove", "oust", "axe", "depose"})
#: "has no plans to resign", "had no intention of quitting": an intent denied is a refusal
INTENT_NOUNS = frozenset({"plan", "intention", "intent", "desire", "wish", "thought"})
#: what one does with a call that makes it one's own: "led calls for Y to go", "joined demands"
APOLOGY_NOUNS = frozenset({"apology"})
#: what a call is made in: "passed a motion calling for X to go", "launched a petition demanding ..."
DOCUMENT_NOUNS = frozenset({"motion", "petition", "resolution", "letter", "statement", "open letter", "campaign",
                            "banner", "placard", "sign", "poster", "chant",
                            "ultimatum", "editorial", "communique", "declaration", "column", "article", "op-ed"})

#: "should consider his position": to weigh one's post is to weigh leaving it
POST_NOUNS = frozenset({"position", "future"})
#: what makes a document's call one's own: "passed a motion", "signed a letter" (not "rejected a motion")
DOCUMENT_VERBS = frozenset({"pass", "launch", "table", "sign", "adopt", "approve", "start", "write", "issue",
                            "publish", "deliver", "send", "present", "submit", "back", "file", "lodge", "organise",
                            "organize", "pen", "draft", "circulate", "release", "carry", "hand", "put", "bring"})
#: verbs whose subject is the one a call is made of: "X faces calls to resign", "X rejected calls from Y"
FACING_VERBS = frozenset({"face", "reject", "resist", "dismiss", "ignore", "defy", "rebuff", "survive", "weather"})
CALL_VERBS = frozenset({"lead", "join", "make", "issue", "renew", "repeat", "echo", "voice", "add", "lodge",
                        "intensify", "step", "spearhead", "reiterate", "press", "back", "support", "endorse", "second"})


@lru_cache(maxsize=8)
def request_lemmas(lexicon: Lexicon) -> frozenset[str]:
    """The verbs whose predications calls and refusals are read from."""
    return (lexicon.request_verbs | CALL_VERBS | lexicon.refusal_verbs | lexicon.resistance_verbs
            | lexicon.resign_verbs | lexicon.step_down_verbs | lexicon.apologize_verbs
            | {"insist", "challenge", "seek", "go", "leave", "stay", "remain", "serve", "see", "consider", "reconsider"}
            | STAY_ON_VERBS | COMMITMENTS | DISMISS_VERBS)


@lru_cache(maxsize=4)
def _owed_nouns(lexicon: Lexicon) -> frozenset[str]:
    """The nouns of what someone owes: a resignation, an apology (one set per lexicon, read once)."""
    return lexicon.resignation_nouns | APOLOGY_NOUNS


def request_facts(doc: Doc, preds: list[Predication], *, resolver: Resolver, lexicon: Lexicon,
                  sent_of: list[int]) -> list[Fact]:
    by_trigger = {p.trigger: p for p in preds}
    # "demanded the resignation of Y", "calls for Y's resignation": the noun, done by its owner
    # "demanded an apology from Y", "wants Y's apology": the apology, owed by its giver
    nouns = [Predication(t.i, t.lemma_.lower(), "noun", _owner(t, by_from=t.lemma_.lower() in APOLOGY_NOUNS), None)
             for t in (doc[i] for i in _candidates(doc, _owed_nouns(lexicon)))
             if t.pos_ == "NOUN" and t.i not in by_trigger]
    owed = [Predication(p.trigger, p.lemma, "noun", _owner(doc[p.trigger], by_from=True), None)
            if p.kind == "noun" and p.lemma in APOLOGY_NOUNS and p.agent is None else p for p in preds]
    out: list[Fact] = []
    for p in [*owed, *nouns]:
        kind = _what(doc, p, lexicon)
        if kind is None or p.negated:
            continue   # "urged X not to resign" asks the opposite
        asker, requested = _asker(doc, p, by_trigger, lexicon)
        if asker is not None:
            predicate = "calledForApologyFrom" if kind == "apologise" else "calledForResignationOf"
            out += _facts(predicate, asker, requested, p, resolver, sent_of, RULE_CALL)
        elif kind == "resign" and (refuser := _refuser(doc, p, by_trigger, lexicon)) is not None:
            out += _facts("refusedToResign", refuser, None, p, resolver, sent_of, RULE_REFUSAL)
    for p in preds:   # "vowed to stay on", "will remain in office": staying is refusing to go
        if p.kind == "verb" and p.agent is not None and (not p.negated and _stays(doc, p, lexicon)
                                                         or _going_nowhere(doc, p)):
            tok = doc[p.trigger]
            if p.asserted or (tok.dep_ == "xcomp" or tok.dep_ == "advcl" and any(
                    c.dep_ == "aux" and c.lower_ == "to" for c in children(tok))) \
                    and tok.head.lemma_.lower() in COMMITMENTS and _asserted(tok.head, lexicon):
                # ("vowed on Thursday to stay on": the date leaves the parse an adverbial clause)
                out += _facts("refusedToResign", p.agent, None, p, resolver, sent_of, RULE_REFUSAL)
    return out


def _stays(doc: Doc, p: Predication, lexicon: Lexicon) -> bool:
    """Staying put said as refusing to go: "stay on", "remain in office", "cling on", "fight on",
    "serve out her term", "would remain prime minister"."""
    if p.lemma in ("stay", "remain"):
        return "on" in p.particles or any(c.lower_ == "put" for c in children(doc[p.trigger])) or any(
            q.word == "in" and doc[q.token].lemma_.lower() in STAY_NOUNS for q in p.preps) or any(
            c.dep_ in ("attr", "oprd", "acomp") and c.lower_ in lexicon.title_role for c in children(doc[p.trigger]))
    if p.lemma in STAY_ON_VERBS:   # "clung on", "is clinging to power", "clung on to her job"
        return "on" in p.particles or p.lemma == "cling" and any(
            q.word == "to" and doc[q.token].lemma_.lower() in STAY_NOUNS for q in p.preps)
    if p.lemma == "see":   # "will see out her term"
        return "out" in p.particles and p.patient is not None and doc[p.patient].lemma_.lower() in TERM_NOUNS
    return p.lemma == "serve" and "out" in p.particles


def _going_nowhere(doc: Doc, p: Predication) -> bool:
    """"I'm going nowhere", "she is not going anywhere": said of oneself, staying put."""
    if p.lemma != "go" or p.patient is not None or p.preps:
        return False
    words = {c.lower_ for c in children(doc[p.trigger]) if c.dep_ == "advmod"}
    return "nowhere" in words and not p.negated or "anywhere" in words and p.negated


def _what(doc: Doc, p: Predication, lexicon: Lexicon) -> str | None:
    """"resign" for a resignation ("quit", "step down", "go"), "dismiss" for a dismissal, "apologise", or None."""
    if p.kind == "noun":
        return "resign" if p.lemma in lexicon.resignation_nouns else "apologise" if p.lemma in APOLOGY_NOUNS else None
    if p.lemma in lexicon.apologize_verbs or p.lemma == "say" and any(
            c.lower_ == "sorry" for c in children(doc[p.trigger])):
        return "apologise"
    if p.lemma in lexicon.resign_verbs or p.lemma in ("go", "leave") and p.patient is None:
        return "resign"
    if p.lemma in ("leave", "vacate") and p.patient is not None and doc[p.patient].lower_ == "office" \
            and not any(c.dep_ == "det" for c in children(doc[p.patient])):
        return "resign"   # "demanded that X leave office"
    if p.lemma in DISMISS_VERBS and p.patient is not None:
        return "dismiss"   # "called for X to be sacked": X is to go (whoever the patient is: a person, or no fact)
    if p.lemma in lexicon.step_down_verbs and set(p.particles) & lexicon.step_down_particles \
            or p.lemma == "walk" and "away" in p.particles:   # "no intention of walking away"
        return "resign"
    if p.lemma in ("consider", "reconsider") and p.patient is not None and doc[p.patient].lemma_.lower() in POST_NOUNS \
            and any(c.dep_ == "poss" for c in children(doc[p.patient])):
        return "resign"   # "should consider his position"
    return None


def _author(doc: Doc, asker: int | None, lexicon: Lexicon) -> int | None:
    """Who makes a call made in a document: "the council passed a motion calling for ...", "a
    petition by residents demanding ...": the subject of the verb that makes it, or its "by"."""
    if asker is None:
        return None
    tok = doc[asker]
    if tok.pos_ != "NOUN" or tok.lemma_.lower() not in DOCUMENT_NOUNS:
        return asker
    by = next((g.i for c in children(tok) if c.dep_ in ("prep", "agent") and c.lower_ in ("by", "from")
               for g in children(c) if g.dep_ == "pobj"), None)
    if by is not None:
        return by
    owner = next((c.i for c in children(tok) if c.dep_ == "poss"), None)
    if owner is not None:
        return owner
    paper = next((g.i for c in children(tok) if c.dep_ == "prep" and c.lower_ == "in"
                  for g in children(c) if g.dep_ == "pobj" and g.pos_ == "PROPN"), None)
    if paper is not None and tok.lemma_.lower() in lexicon.press_pieces:   # "an editorial in the Herald"
        return paper
    if tok.dep_ in ("dobj", "nsubjpass") and tok.head.lemma_.lower() in DOCUMENT_VERBS:
        verb = tok.head
        if tok.dep_ == "nsubjpass":
            return next((g.i for c in children(verb) if c.dep_ == "agent" for g in children(c) if g.dep_ == "pobj"), None)
        return next((c.i for c in children(verb) if c.dep_ == "nsubj"), None) if _asserted(verb, lexicon) else None
    return None


def _asker(doc: Doc, p: Predication, by_trigger: dict[int, Predication], lexicon: Lexicon):
    """Who asks for the act, and who is to do it (token indices), or (None, None)."""
    node: Token = doc[p.trigger]
    doer = p.patient if p.lemma in DISMISS_VERBS else p.agent
    obliged = _obliged(node)
    if not obliged and node.dep_ == "conj" and not any(c.dep_ in ("nsubj", "aux") for c in children(node)):
        # "should do the decent thing and resign" (the verb parsed as the object's conjunct, too)
        obliged = _obliged(verb_of_object_conjunct(node) or node.head)
    for _ in range(4):
        if node.dep_ not in CLIMB or node.head is node:
            return None, None
        came, node = node, node.head
        lemma = node.lemma_.lower()
        ask = by_trigger.get(node.i)
        if node.pos_ == "NOUN" and lemma in INTENT_NOUNS and any(c.dep_ == "det" and c.lower_ == "no" for c in children(node)):
            return None, None   # "told reporters she had no intention of quitting": a refusal, not a call
        if p.kind == "noun" and came.i == p.trigger and came.dep_ == "dobj" and lemma in OWE_VERBS:
            # "X owed her an apology": X is to give it; whoever says so asks it of X
            doer = next((c.i for c in children(node) if c.dep_ == "nsubj"), None)
            obliged = True
            continue
        if node.pos_ in ("VERB", "AUX") and came.dep_ in ("advcl", "xcomp") and came.i == p.trigger:
            # "renewed its call for X to step down": the infinitive hung on the verb, not on the call
            that = any(g.dep_ == "mark" and g.lower_ == "that" for g in children(came))
            to = any(g.dep_ == "aux" and g.lower_ == "to" for g in children(came))
            call = next((c for c in children(node) if c.dep_ == "dobj" and c.lemma_.lower() in lexicon.demand_nouns
                         and (that or to or any(g.dep_ == "prep" and g.lower_ == "for" for g in children(c)))), None)
            if call is not None:   # ("renewed its demand that X leave office": X, the clause's subject;
                # "faces calls from Y to resign": the one who faces them)
                has_for = any(g.dep_ == "prep" and g.lower_ == "for" for g in children(call))
                came, node, lemma, doer = call, call, call.lemma_.lower(), p.agent if (that or to) and not has_for else None
        if node.pos_ in ("VERB", "AUX") and came.dep_ == "prep" and came.lower_ == "for" and (call := next(
                (c for c in children(node) if c.dep_ == "dobj" and c.lemma_.lower() in lexicon.demand_nouns), None)) is not None:
            # "renewed its demand on Monday for an apology from X": the "for" hung on the verb
            came, node, lemma = call, call, call.lemma_.lower()
        if node.pos_ in ("VERB", "AUX") and lemma in lexicon.request_verbs | {"insist", "challenge", "seek"} and ask:
            if not _asserted(node, lexicon) or any(g.dep_ == "mark" and g.lower_ in ("whether", "if")
                                                   for g in children(came)):
                return None, None   # ("asked whether she would step down": a question, not a call)
            if doer is None or doer == ask.agent:   # "called on Y to go": Y
                doer = next((q.token for q in ask.preps if q.word in ("on", "upon", "for")
                             and doc[q.token].ent_type_ not in ("DATE", "TIME")), ask.patient)   # (not "on Monday")
            if came.lemma_.lower() in APOLOGY_NOUNS and came.i == ask.patient:
                # "demanded an apology from Y": the "from" hangs on the verb
                doer = next((q.token for q in ask.preps if q.word == "from"), doer if doer != came.i else None)
            if doer is None and came.dep_ in ("dobj", "nsubjpass") and came.pos_ == "NOUN":
                doer = _owner(came)          # "demanded the resignation of Y"
            return _author(doc, ask.agent, lexicon), doer
        if node.pos_ == "NOUN" and lemma == "time" and came.dep_ == "relcl" and any(
                c.dep_ == "mark" and c.lower_ == "for" for c in children(came)):
            if is_negated(node.head) or is_negated(node):
                return None, None   # "it was not time for X to go"
            obliged = True   # "(said) it was time for X to go": what should be, asked by whoever says it
            continue
        if node.pos_ == "NOUN" and lemma in lexicon.demand_nouns:   # "led calls for Y to go"
            verb = node.head if node.dep_ in ("dobj", "nsubj", "pobj") else None
            if verb is not None and verb.dep_ == "prep":
                verb = verb.head
            asker = next((c.i for c in children(node) if c.dep_ == "poss"), None)
            if asker is None:   # "faced calls from the union for her to go", "a call by X for Y to quit"
                asker = next((g.i for c in children(node) if c.dep_ in ("prep", "agent") and c.lower_ in ("from", "by")
                              for g in children(c) if g.dep_ == "pobj"), None)
            if asker is None and (source := source_of(node)) is not None and _asserted(node.head, lexicon):
                asker = source.i   # "the call for Y to resign came from X"
            if doer is None or doer == node.i:   # "Y's call for X to resign": X, the call's "for"
                doer = next((g.i for c in children(node) if c.dep_ == "prep" and c.lower_ == "for"
                             for g in children(c) if g.dep_ == "pobj"), None)
            if (doer is None or doer == p.agent and doc[doer].dep_ not in ("nsubj", "pobj")) and verb is not None \
                    and verb.lemma_.lower() in FACING_VERBS:   # "X faces calls from Y to resign": X
                doer = next((c.i for c in children(verb) if c.dep_ in ("nsubj", "nsubjpass")), doer)
            if asker is None and verb is not None and (vp := by_trigger.get(verb.i)) is not None \
                    and node.dep_ != "nsubj" and verb.lemma_.lower() in CALL_VERBS and _asserted(verb, lexicon):
                asker = vp.agent   # "led calls for", not "resisted calls for"
            return (asker, doer) if asker is not None else (None, None)
        if node.pos_ in ("VERB", "AUX") and lemma in lexicon.speech_verbs and obliged:
            # "said X should resign": the speaker (read here: speech verbs are too common to read all)
            speaker = next((c for c in children(node) if c.dep_ == "nsubj"), None) or implicit_subject(node)
            if speaker is None or not _asserted(node, lexicon):
                return None, None
            if doer is not None and doc[doer].pos_ == "PRON":
                doer = _spoken_of(node, doer)   # '"He has to go," X said of Y': Y
            return _author(doc, speaker.i, lexicon), doer   # ("an editorial in the Herald said": the Herald)
        if node.pos_ in ("VERB", "AUX") and came.dep_ in ("ccomp", "xcomp") and lemma != "be" and lemma not in NECESSITY:
            return None, None
    return None, None


def _spoken_of(speech: Token, pronoun: int) -> int:
    """Whom a pronoun in what is said stands for when the speech verb names them: "said of Y",
    "said about Y", "said, referring to Y" (else the pronoun, for the resolver to read)."""
    heads = [speech] + [c for c in children(speech) if c.dep_ == "advcl" and c.lemma_.lower() == "refer"]
    for head in heads:
        if head is not speech:   # "referring to the mayor, Jo Pike": the name, hung on the participle
            named = [g for g in children(head) if g.dep_ in ("npadvmod", "appos") and g.pos_ == "PROPN"]
            if named:
                return named[0].i
        for prep in children(head):
            if prep.dep_ == "prep" and prep.lower_ in (("of", "about") if head is speech else ("to",)):
                named = [g for g in children(prep) if g.dep_ in ("pobj", "npadvmod") and g.pos_ == "PROPN"]
                named += [g for g in children(prep) if g.dep_ == "pobj" and g.pos_ != "PROPN"]
                if named:
                    return named[0].i
    return pronoun


def _obliged(node: Token) -> bool:
    """The act is what one should or must do: "should resign", "has to go", "needs to apologise"."""
    return any(c.dep_ == "aux" and c.lower_ in OBLIGATION for c in children(node)) or (
        node.dep_ in ("xcomp", "advcl") and node.head.lemma_.lower() in NECESSITY
        and any(c.dep_ == "aux" and c.lower_ == "to" for c in children(node)))


def _refuser(doc: Doc, p: Predication, by_trigger: dict[int, Predication], lexicon: Lexicon) -> int | None:
    """"refused to step down", "rejected calls to quit", "has no plans to resign": the one who
    would resign."""
    tok = doc[p.trigger]
    head = tok.head
    intent = head if tok.dep_ == "acl" else head.head if tok.dep_ in ("pobj", "pcomp") and head.lower_ == "of" else None
    if intent is not None and intent.lemma_.lower() in INTENT_NOUNS and intent.dep_ == "dobj" \
            and any(c.dep_ == "det" and c.lower_ == "no" for c in children(intent)):
        verb = intent.head   # "(said she) had no plans to resign"
        subject = next((c for c in children(verb) if c.dep_ == "nsubj"), None)
        return subject.i if subject is not None and _asserted(verb, lexicon) else None
    if tok.dep_ == "xcomp" and head.lemma_.lower() in lexicon.refusal_verbs and (hp := by_trigger.get(head.i)):
        return hp.agent if _asserted(head, lexicon) else None
    if tok.dep_ in ("xcomp", "advcl", "dobj") and tok.tag_ == "VBG" and any(
            c.dep_ == "prt" and f"{head.lemma_.lower()} {c.lower_}" in lexicon.refusal_verbs for c in children(head)):
        subject = next((c for c in children(head) if c.dep_ == "nsubj"), None) or implicit_subject(head)
        return subject.i if subject is not None and _asserted(head, lexicon) else None   # "ruled out resigning"
    if tok.dep_ in ("acl", "xcomp", "relcl") and head.lemma_.lower() in lexicon.demand_nouns:
        verb = head.head if head.dep_ in ("dobj", "pobj") else None
        if verb is not None and verb.dep_ == "prep":
            verb = verb.head
        if verb is not None and verb.lemma_.lower() in lexicon.resistance_verbs and (vp := by_trigger.get(verb.i)):
            return vp.agent if _asserted(verb, lexicon) else None
    return None


def _owner(noun: Token, *, by_from: bool = False) -> int | None:
    """Whose the act is: "Y's resignation", "the resignation of Y"; with ``by_from`` also "an
    apology from Y"."""
    for c in children(noun):
        if c.dep_ == "poss":
            return c.i
        if c.dep_ == "prep" and (c.lower_ == "of" or by_from and c.lower_ == "from"):
            return next((g.i for g in children(c) if g.dep_ == "pobj"), None)
    return None


def _asserted(tok: Token, lexicon: Lexicon) -> bool:
    return not is_negated(tok) and not is_nonfactual(tok, lexicon=lexicon)


def _facts(predicate: str, s_tok: int, o_tok: int | None, p: Predication, resolver: Resolver,
           sent_of: list[int], rule: str) -> list[Fact]:
    doc = resolver.doc
    ents = resolver.table.entities
    sig_s, sig_o = SIGNATURES[predicate]
    sent = sent_of[p.trigger]
    subjects = resolver.referents(doc[s_tok])
    objects = resolver.referents(doc[o_tok]) if o_tok is not None else []
    out = []
    for s in subjects:
        if ents[s.key].kind not in sig_s:
            continue
        if predicate == "refusedToResign":
            via = (s.via_sentence,) if s.via_sentence is not None and s.via_sentence != sent else ()
            # "refused to resign from the board of X", "refused to step down as chairman"
            left = [r for q in p.preps if q.word == "from" for r in resolver.referents(doc[q.token])
                    if ents[r.key].kind in ("organization",)]
            position, organization = as_position(doc[p.trigger], lexicon=resolver.lexicon, resolver=resolver)
            for obj in [ObjectRef.entity(r.key) for r in left] or [None]:
                out.append(Fact(s.key, predicate, obj, sent, via, rule, 0.75, p.trigger, "", position, organization))
            continue
        for o in objects:
            if o.key == s.key or ents[o.key].kind not in sig_o:
                continue
            via = tuple(sorted({v for v in (s.via_sentence, o.via_sentence) if v is not None and v != sent}))
            out.append(Fact(s.key, predicate, ObjectRef.entity(o.key), sent, via, rule, 0.75, p.trigger))
    return out


def left_objects(facts: list[Fact], doc: Doc, *, resolver: Resolver, lexicon: Lexicon) -> list[Fact]:
    """A resignation or a refusal read with no object, given the organization its verb names:
    "refused to quit the Green Party", "will not be stepping down from the board of Acme"."""
    out = []
    verbs = lexicon.resign_verbs | lexicon.step_down_verbs
    for f in facts:
        if f.predicate in ("resignedFrom", "refusedToResign") and f.object is None and 0 <= f.trigger < len(doc):
            verb = next((t for t in (doc[f.trigger], *doc[f.trigger].subtree)
                         if t.pos_ in ("VERB", "AUX") and t.lemma_.lower() in verbs), None)
            org = _left_organization(verb, resolver) if verb is not None else None
            if org is not None:
                f = replace(f, object=ObjectRef.entity(org))
        out.append(f)
    return out


def _left_organization(verb: Token, resolver: Resolver) -> str | None:
    """The organization a verb of leaving has as its object or after "from"."""
    ents = resolver.table.entities
    objs = [c for c in children(verb) if c.dep_ == "dobj"]
    objs += [g for c in children(verb) if c.dep_ == "prep" and c.lower_ == "from" for g in children(c) if g.dep_ == "pobj"]
    for o in objs:
        refs = [r.key for r in resolver.referents(o) if ents[r.key].kind == "organization"]
        if len(refs) == 1:
            return refs[0]
    return None
