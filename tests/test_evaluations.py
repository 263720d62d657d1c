"""Criticism in the critic's own words (kg/extract/evaluations.py): a label with a negative
evaluation, or a reported clause that says something bad of what its subject is or did; an
accusation where that clause says the subject did wrong; and none where the subject only
underwent something, or the evaluation is good, denied or asked for."""
from __future__ import annotations

import pytest

from kg.extract.valence import vader_valence
from kgtest import stated as _facts


@pytest.mark.parametrize("text, fact", [
    ("Nadia Salem called the Corrib Water Authority's tariff a scandal.", ("Nadia Salem", "criticized", "Corrib Water Authority")),
    ("Pavel Novak branded Irina Volkova's budget a fantasy.", ("Pavel Novak", "criticized", "Irina Volkova")),
    ("The Tenants Forum described the Alder Homes scheme as shameful.", ("Tenants Forum", "criticized", "Alder Homes")),
    ("Pavel Novak said Irina Volkova's sums do not stack up.", ("Pavel Novak", "criticized", "Irina Volkova")),
    ("Nadia Salem said Corrib Water had squandered public money.", ("Nadia Salem", "criticized", "Corrib Water")),
    ("Pavel Novak said Irina Volkova was arrogant and out of touch.", ("Pavel Novak", "criticized", "Irina Volkova")),
    ("Nadia Salem said Corrib Water had misled its customers.", ("Nadia Salem", "accused", "Corrib Water")),
    # idioms of failing (the lexicon's criticism_phrases), in a quote or in reported speech
    ('"Irina Volkova is out of her depth," Pavel Novak said.', ("Pavel Novak", "criticized", "Irina Volkova")),
    ("Nadia Salem said Corrib Water had let down its customers.", ("Nadia Salem", "criticized", "Corrib Water")),
    ("Pavel Novak said Irina Volkova had no answer to the crisis.", ("Pavel Novak", "criticized", "Irina Volkova")),
    # what "it" is said of; a label hung on the object; a name for someone that insults them
    ('"It is a farce," Nadia Salem said of Corrib Water\'s tariff.', ("Nadia Salem", "criticized", "Corrib Water")),
    ("Nadia Salem dismissed Corrib Water's excuses as rubbish.", ("Nadia Salem", "criticized", "Corrib Water")),
    ("Pavel Novak dismissed Irina Volkova as a lightweight.", ("Pavel Novak", "criticized", "Irina Volkova")),    # harm done to people by the target or what is theirs; a warning of a burden to come
    ("Nadia Salem said Ardent Energy's new tariff would hit pensioners hardest.", ("Nadia Salem", "criticized", "Ardent Energy")),
    ("Pavel Novak said Irina Volkova had ignored the fishermen for years.", ("Pavel Novak", "criticized", "Irina Volkova")),
    ("Nadia Salem warned that Ardent Energy would raise bills again.", ("Nadia Salem", "criticized", "Ardent Energy")),
    ("Nadia Salem warned Ardent Energy would close two depots.", ("Nadia Salem", "criticized", "Ardent Energy")),
    # an idiom around the object, a particle parsed as a clause, an idiom of an undergoing verb, shame
    ("Pavel Novak said Irina Volkova had treated the fishermen with contempt.", ("Pavel Novak", "criticized", "Irina Volkova")),
    ("Pavel Novak said Irina Volkova had let the fishermen down.", ("Pavel Novak", "criticized", "Irina Volkova")),
    ("Pavel Novak said Irina Volkova had lost the plot.", ("Pavel Novak", "criticized", "Irina Volkova")),
    ("Nadia Salem said Ardent Energy was not fit for purpose.", ("Nadia Salem", "criticized", "Ardent Energy")),
    ("Nadia Salem said Ardent Energy should be ashamed.", ("Nadia Salem", "criticized", "Ardent Energy")),
    ("Nadia Salem complained that Ardent Energy had questions to answer.", ("Nadia Salem", "criticized", "Ardent Energy")),
    ("Nadia Salem said Ardent Energy was to blame for the outage.", ("Nadia Salem", "accused", "Ardent Energy")),
    # a claim said by a noun, the claimant its possessor, its "by" or "from", or who made it
    ("Claims by Nadia Salem that Ardent Energy lied to regulators were rejected.", ("Nadia Salem", "accused", "Ardent Energy")),
    ("Pavel Novak repeated his claim that Irina Volkova had misled the committee.", ("Pavel Novak", "accused", "Irina Volkova")),
    ("Nadia Salem made the allegation that Ardent Energy had overcharged customers.", ("Nadia Salem", "accused", "Ardent Energy")),
    ("Ardent Energy faces allegations from Nadia Salem that it overcharged customers.", ("Nadia Salem", "accused", "Ardent Energy")),
    ("Irina Volkova dismissed the allegation by Pavel Novak that she had been paid off.", ("Pavel Novak", "accused", "Irina Volkova")),
    ("Nadia Salem's complaint that Ardent Energy had ignored its customers was upheld.", ("Nadia Salem", "criticized", "Ardent Energy")),
    # a document speaks for whoever wrote it
    ("A report by the Audit Commission said Ardent Energy had squandered public money.", ("Audit Commission", "criticized", "Ardent Energy")),
    # a quotation opened by the name the NER took for a title
    ('"Norvik Mining has failed its customers," said Nadia Salem.', ("Nadia Salem", "criticized", "Norvik Mining")),
    # a passive clause's doer; what a pronoun opening the quote is said of
    ("Pavel Novak claimed the vote had been rigged by the Unity Party.", ("Pavel Novak", "accused", "Unity Party")),
    # what the judgement is about does not outweigh it
    ('Nadia Salem said Ardent Energy had been "complacent" about the safety warnings.',
     ("Nadia Salem", "criticized", "Ardent Energy")),
    ("Nadia Salem said the fishermen had been let down by Irina Volkova.", ("Nadia Salem", "criticized", "Irina Volkova")),
    ('"They have lied to us," Nadia Salem said of Ardent Energy.', ("Nadia Salem", "accused", "Ardent Energy")),
    # a good word denied: "no credible plan", "not straight with", "not convinced by", "none of ... add up"
    ('"The Unity Party has no credible plan for the harbour," Pavel Novak said.', ("Pavel Novak", "criticized", "Unity Party")),
    ("Nadia Salem said Ardent Energy had never been straight with its customers about the price rises.",
     ("Nadia Salem", "criticized", "Ardent Energy")),
    ('"I am not convinced by the Unity Party\'s figures on the bypass," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    ('"None of Irina Volkova\'s figures add up," said Pavel Novak.', ("Pavel Novak", "criticized", "Irina Volkova")),
    ("Pavel Novak said the Unity Party lacked a coherent strategy.", ("Pavel Novak", "criticized", "Unity Party")),
    ('"Neither the Unity Party nor the Harbour Party has a credible plan," said Nadia Salem.',
     ("Nadia Salem", "criticized", "Harbour Party")),
    ("Pavel Novak said he remained unconvinced by Irina Volkova's figures.", ("Pavel Novak", "criticized", "Irina Volkova")),
    # whose doing "this" is; a clause of its own joined to the reported one or giving its reason
    ('"This is a reckless gamble by the Unity Party," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    ('"It is a cynical move from Ardent Energy," said Nadia Salem.', ("Nadia Salem", "criticized", "Ardent Energy")),
    ('"There is no credible plan from the Unity Party," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    ('"Customers are leaving in droves because Ardent Energy has not been honest with them," Nadia Salem said.',
     ("Nadia Salem", "criticized", "Ardent Energy")),
    ('"Prices are rising, but Ardent Energy has no answer," said Nadia Salem.', ("Nadia Salem", "criticized", "Ardent Energy")),
    ('"We have a plan, while the Unity Party is out of touch," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    # a quoted sentence under no speech verb is the quote's speaker's; "the party ... said of Y" is Y
    ('"We have a plan. The Unity Party has wasted millions," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    ('Pavel Novak said: "We are ready. The Unity Party is out of its depth."', ("Pavel Novak", "criticized", "Unity Party")),
    ('Pavel Novak, the Harbour Party leader, spoke in Leith. "The party has no credible plan," he said of the Unity Party.',
     ("Pavel Novak", "criticized", "Unity Party")),
    # a label whose name the parse hangs on it
    ('Nadia Salem branded the Vote Leave campaign "amateurs".', ("Nadia Salem", "criticized", "Vote Leave")),
    # idioms of the lexicon; a passive said of its subject ("cannot be trusted", "was found wanting")
    ('"The Unity Party has turned its back on the fishermen," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    ('"Halvorsen Shipping is putting profits before people," said Nadia Salem.',
     ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('"The Unity Party cannot be trusted with the harbour," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    ('"Irina Volkova\'s plans are built on sand," said Pavel Novak.', ("Pavel Novak", "criticized", "Irina Volkova")),
    ('"Halvorsen Shipping has shown complete contempt for its customers," said Nadia Salem.',
     ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    # an idiom the parse takes for a clause, or whose noun the small model lemmatises oddly
    ('"The Unity Party has taken the islands for granted," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    ('"Halvorsen Shipping is playing politics with jobs," said Nadia Salem.', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    # what the speaker says they think; how it was done; "the way Y did it"; a betrayal by Y
    ('"I think Halvorsen Shipping has got this wrong," said Nadia Salem.', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ("Pavel Novak said he believed the Unity Party had lost the plot.", ("Pavel Novak", "criticized", "Unity Party")),
    ('"Halvorsen Shipping has treated its crews appallingly," said Nadia Salem.',
     ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('"Halvorsen Shipping has acted irresponsibly," said Nadia Salem.', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('"The way Halvorsen Shipping has treated its crews is shameful," said Nadia Salem.',
     ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ("Nadia Salem said the closure was a betrayal by Halvorsen Shipping.", ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('"Halvorsen Shipping\'s decision makes no sense," said Nadia Salem.', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('"The decision by Halvorsen Shipping is short-sighted," said Nadia Salem.',
     ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('"Halvorsen Shipping\'s bosses have shown no regard for the town," said Nadia Salem.',
     ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ("Nadia Salem said Halvorsen Shipping had abandoned its workforce.", ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    # more idioms: a broken promise from Y, running scared, a lack of leadership from Y; wrongs alleged
    ('Pavel Novak said: "This is yet another broken promise from the Unity Party."', ("Pavel Novak", "criticized", "Unity Party")),
    ('Pavel Novak said the Unity Party was "running scared".', ("Pavel Novak", "criticized", "Unity Party")),
    ('"There is a real lack of leadership from Irina Volkova," said Pavel Novak.', ("Pavel Novak", "criticized", "Irina Volkova")),
    ('Pavel Novak said the Unity Party was "all over the place" on fishing.', ("Pavel Novak", "criticized", "Unity Party")),
    ('"Irina Volkova has broken the ministerial code," said Pavel Novak.', ("Pavel Novak", "accused", "Irina Volkova")),
    ('"Halvorsen Shipping has been caught red-handed," said Nadia Salem.', ("Nadia Salem", "accused", "Halvorsen Shipping")),
    ('"Halvorsen Shipping has been overcharging customers," said Nadia Salem.', ("Nadia Salem", "accused", "Halvorsen Shipping")),
    # a phrase's words are the phrase's, not VADER's ("slap"); a label hung on the object; what is from Y
    ("Nadia Salem said Halvorsen Shipping's offer was a slap in the face for staff.",
     ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('Nadia Salem called Halvorsen Shipping\'s offer "an insult".', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('Nadia Salem said the offer from Halvorsen Shipping was "an insult".', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('Nadia Salem said Halvorsen Shipping had "refused to listen".', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    # a quote a colon introduces after its speaker's words, hung on them or not
    ('Nadia Salem was scathing: "Halvorsen Shipping has betrayed its crews."', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('Pavel Novak did not hold back: "The Unity Party has wrecked the harbour."', ("Pavel Novak", "criticized", "Unity Party")),
    # a relative clause's speech: what "which" or "who" stands for
    ("Nadia Salem praised the crews but not Halvorsen Shipping, which she said had failed them.",
     ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    # "it is a scandal that Y ...": the judgement of what the clause says Y did
    ('"It is a scandal that Halford Council has done nothing," said Nadia Salem.', ("Nadia Salem", "criticized", "Halford Council")),
    ('"It is disgraceful that Halford Council has ignored the warnings," said Nadia Salem.',
     ("Nadia Salem", "criticized", "Halford Council")),
    ('"Halford Council has been sitting on its hands for years," said Nadia Salem.',
     ("Nadia Salem", "criticized", "Halford Council")),
    # the words of a source: "according to X"; a tweet
    ("According to Nadia Salem, Halvorsen Shipping has misled its crews.", ("Nadia Salem", "accused", "Halvorsen Shipping")),
    ("The Unity Party, according to Pavel Novak, has failed the islands.", ("Pavel Novak", "criticized", "Unity Party")),
    ("Nadia Salem tweeted that Halvorsen Shipping was a disgrace.", ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ("Nadia Salem said Halvorsen Shipping had left its crews in the lurch.", ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    # more idioms; shame called for is criticism, not a call
    ('Pavel Novak said the Unity Party had "thrown in the towel".', ("Pavel Novak", "criticized", "Unity Party")),
    ('Pavel Novak said the Unity Party had "caved in" to the landlords.', ("Pavel Novak", "criticized", "Unity Party")),
    ('Nadia Salem said Halvorsen Shipping had "a lot to answer for".', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('Pavel Novak said the Unity Party\'s leaders should "hang their heads in shame".',
     ("Pavel Novak", "criticized", "Unity Party")),
    # "it was disappointing that Y ...", "hypocritical of Y to ...", "no excuse for Y's failure"
    ('Nadia Salem said it was "disappointing" that Halvorsen Shipping had rejected the offer.',
     ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('Pavel Novak said it was "hypocritical" of the Unity Party to criticise the plan.', ("Pavel Novak", "criticized", "Unity Party")),
    ('Nadia Salem said there was "no excuse" for Halvorsen Shipping\'s failure.', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    # "said X of Y's plans": the "of" the parse hangs on the speaker, of a thing
    ('"It is a disgrace," said Pavel Novak of the decision by the Unity Party.', ("Pavel Novak", "criticized", "Unity Party")),
    # business idioms; an adjective's phrase under the copula
    ('Nadia Salem said Halvorsen Shipping had been "slow to act".', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('Nadia Salem said Halvorsen Shipping\'s bosses were "rewarding failure".', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('Nadia Salem said Halvorsen Shipping had "dragged its heels".', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('Nadia Salem said Halvorsen Shipping had put its crews "at risk".', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    # wrongs alleged in more words
    ('Pavel Novak said Irina Volkova had been "economical with the truth".', ("Pavel Novak", "accused", "Irina Volkova")),
    ('Nadia Salem said Halvorsen Shipping had "breached" its licence.', ("Nadia Salem", "accused", "Halvorsen Shipping")),
    ('Nadia Salem said Halvorsen Shipping had "illegally" dumped waste.', ("Nadia Salem", "accused", "Halvorsen Shipping")),
    ("Pavel Novak said Irina Volkova had spread misinformation about the ferries.", ("Pavel Novak", "accused", "Irina Volkova")),
    # "nothing" as the object an idiom names
    ('"The Unity Party has offered nothing," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    # "it" as the doer of what is said: the one organization just named
    ("Halvorsen Shipping announced 200 job cuts. Nadia Salem said it had betrayed its crews.",
     ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('Halvorsen Shipping announced 200 job cuts. "It has let its crews down," said Nadia Salem.',
     ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    # a quotation opened by a name's possessive that the NER took for a title
    ('"Norvik Mining\'s handling of the spill was woeful," said Nadia Salem.', ("Nadia Salem", "criticized", "Norvik Mining")),
])
def test_an_evaluation_in_the_speakers_own_words_is_read(nlp, text, fact):
    assert fact in _facts(nlp, text), _facts(nlp, text)


@pytest.mark.parametrize("text, fact", [
    # the subject underwent it: no blame
    ("Nadia Salem said Corrib Water had suffered heavy losses.", ("Nadia Salem", "criticized", "Corrib Water")),
    ("Nadia Salem said Corrib Water had been hit hard by the floods.", ("Nadia Salem", "criticized", "Corrib Water")),
    # what happened is not how the speaker judges it
    ("Nadia Salem said Corrib Water had cut 300 jobs.", ("Nadia Salem", "criticized", "Corrib Water")),
    # praise, denial, a call
    ("Pavel Novak said Irina Volkova was a superb minister.", ("Pavel Novak", "criticized", "Irina Volkova")),
    ("Pavel Novak denied that Irina Volkova had wasted money.", ("Pavel Novak", "criticized", "Irina Volkova")),
    ("Pavel Novak did not say Irina Volkova was incompetent.", ("Pavel Novak", "criticized", "Irina Volkova")),
    ("Pavel Novak said Irina Volkova should resign.", ("Pavel Novak", "criticized", "Irina Volkova")),
    ("Pavel Novak said Irina Volkova had not lied.", ("Pavel Novak", "accused", "Irina Volkova")),
    ("Pavel Novak described Irina Volkova as a close friend.", ("Pavel Novak", "criticized", "Irina Volkova")),
    # an idiom under a negation, an intention, a dismissal from a post
    ("Pavel Novak said Irina Volkova was not out of touch.", ("Pavel Novak", "criticized", "Irina Volkova")),
    ("Pavel Novak said Irina Volkova had no plans to resign.", ("Pavel Novak", "criticized", "Irina Volkova")),
    ("The Corrib Water board dismissed Irina Volkova as chairwoman.", ("Corrib Water", "criticized", "Irina Volkova")),    # harm said not done, asked about, or to no victim; a warning of what is no burden
    ("Nadia Salem said Ardent Energy's new tariff would not hit pensioners.", ("Nadia Salem", "criticized", "Ardent Energy")),
    ("Nadia Salem asked whether Ardent Energy's new tariff would hit pensioners.", ("Nadia Salem", "criticized", "Ardent Energy")),
    ("Nadia Salem said Ardent Energy had hit its targets.", ("Nadia Salem", "criticized", "Ardent Energy")),
    ("Nadia Salem warned that Ardent Energy would protect jobs.", ("Nadia Salem", "criticized", "Ardent Energy")),
    ("Nadia Salem warned that Ardent Energy could collapse.", ("Nadia Salem", "criticized", "Ardent Energy")),
    ("Pavel Novak said Irina Volkova had lost her seat.", ("Pavel Novak", "criticized", "Irina Volkova")),
    ("Nadia Salem said Ardent Energy was not to blame for the outage.", ("Nadia Salem", "accused", "Ardent Energy")),
    # a claim denied by whom it is about, or not made
    ("Irina Volkova denied claims that she had lied.", ("Irina Volkova", "accused", "Irina Volkova")),
    ("Pavel Novak did not make the allegation that Irina Volkova had lied.", ("Pavel Novak", "accused", "Irina Volkova")),
    ("Nadia Salem's claim that Ardent Energy had won the contract was correct.", ("Nadia Salem", "criticized", "Ardent Energy")),
    ("A report by the Audit Commission praised Ardent Energy.", ("Audit Commission", "criticized", "Ardent Energy")),
    ("Pavel Novak said the vote had been won by the Unity Party.", ("Pavel Novak", "criticized", "Unity Party")),
    ('"They have done a great job," Nadia Salem said of Ardent Energy.', ("Nadia Salem", "criticized", "Ardent Energy")),
    # what happened to someone is not said of them
    ("Nadia Salem said the sacking of Irina Volkova was a disgrace.", ("Nadia Salem", "criticized", "Irina Volkova")),
    # a good word said, not denied; a plan had or not; a speaker's own doubts; what a clause of its own says
    ('"The Unity Party has a credible plan for the harbour," Pavel Novak said.', ("Pavel Novak", "criticized", "Unity Party")),
    ('"The Unity Party has no plans to raise taxes," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    ("Pavel Novak said Ardent Energy had no serious rivals.", ("Pavel Novak", "criticized", "Ardent Energy")),
    ("Pavel Novak said he was convinced by the Unity Party's arguments.", ("Pavel Novak", "criticized", "Unity Party")),
    ('"I am not convinced the Unity Party can hold the seat," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    ("Pavel Novak asked whether the Unity Party had a credible plan.", ("Pavel Novak", "criticized", "Unity Party")),
    ('"Ardent Energy has a plan and Corrib Water has wasted millions," said Nadia Salem.',
     ("Nadia Salem", "criticized", "Ardent Energy")),
    ('"Voters will be angry if Ardent Energy breaks its promises," said Nadia Salem.', ("Nadia Salem", "criticized", "Ardent Energy")),
    ('"This is a great day for the Unity Party," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    ('"This is a welcome move from Ardent Energy," said Nadia Salem.', ("Nadia Salem", "criticized", "Ardent Energy")),
    # quoted sentences that praise, deny, ask, or report others' view
    ('"We have a plan. The Unity Party has a plan too," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    ('"Ardent Energy did not mislead anyone. The claims are false," said Nadia Salem.',
     ("Nadia Salem", "accused", "Ardent Energy")),
    ('"Will the Unity Party be honest with voters? I hope so," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    ('"Critics say the Unity Party is out of touch. I disagree," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    ('Nadia Salem branded the Vote Leave campaign "heroes".', ("Nadia Salem", "criticized", "Vote Leave")),
    ("Nadia Salem called the Ardent Energy crisis line.", ("Nadia Salem", "criticized", "Ardent Energy")),
    # a question, however rhetorical
    ('"Does the Unity Party really have no credible plan?" asked Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    # a thought denied or hoped; an adverb before the verb, or of good work; a move that is no fault
    ('"I do not think Halvorsen Shipping has got this wrong," said Nadia Salem.',
     ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('"I hope Halvorsen Shipping has not got this wrong," said Nadia Salem.', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('"Sadly, Halvorsen Shipping has closed the yard," said Nadia Salem.', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('"Halvorsen Shipping has handled this brilliantly," said Nadia Salem.', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('"Halvorsen Shipping badly needs investment," said Nadia Salem.', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('"The closure is a bold move by Halvorsen Shipping," said Nadia Salem.', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ("Nadia Salem said Halvorsen Shipping had abandoned its plans.", ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ("Nadia Salem said Halvorsen Shipping had not refused to engage with the union.",
     ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('Nadia Salem said the offer from Halvorsen Shipping was "generous".', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('Nadia Salem was delighted: "Halvorsen Shipping has done a great job."', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('The sign read: "Halvorsen Shipping has failed us."', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    # "it" that is a thing, or one of two organizations
    ('Halvorsen Shipping announced 200 job cuts. "It is a disgrace," said Nadia Salem.',
     ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ("Halvorsen Shipping and Corrib Water announced job cuts. Nadia Salem said it had betrayed its staff.",
     ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ("Nadia Salem praised Halvorsen Shipping, which she said had helped the crews.",
     ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('"It is clear that Halford Council has a plan," said Nadia Salem.', ("Nadia Salem", "criticized", "Halford Council")),
    ('"It is sad that Halford Council has lost so much money," said Nadia Salem.', ("Nadia Salem", "criticized", "Halford Council")),
    ('"It is wrong to say that Halford Council has wasted money," said Nadia Salem.',
     ("Nadia Salem", "criticized", "Halford Council")),
    # what a source says is no judgement; a concession; leaving a place
    ("According to Nadia Salem, Halvorsen Shipping lost 2 million pounds last year.",
     ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ("According to Nadia Salem, the Unity Party has a credible plan.", ("Nadia Salem", "criticized", "Unity Party")),
    ("Pavel Novak admitted that the Unity Party had made mistakes.", ("Pavel Novak", "criticized", "Unity Party")),
    ("Pavel Novak said Irina Volkova had left the country in May.", ("Pavel Novak", "criticized", "Irina Volkova")),
    ("Pavel Novak said the Unity Party had not thrown in the towel.", ("Pavel Novak", "criticized", "Unity Party")),
    ("Nadia Salem said the roof of the Halvorsen Shipping depot had caved in.",
     ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ("Nadia Salem said it was kind of Halvorsen Shipping to help.", ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ("Nadia Salem said there was no need for Halvorsen Shipping to apologise.", ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ("Nadia Salem said Halvorsen Shipping had suffered a data breach.", ("Nadia Salem", "accused", "Halvorsen Shipping")),
    ("Nadia Salem said Halvorsen Shipping had been unlawfully targeted.", ("Nadia Salem", "accused", "Halvorsen Shipping")),
    ('"It is a great plan," said Nadia Salem of Halvorsen Shipping\'s plans.', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ("Nadia Salem said Halvorsen Shipping had not been slow to act.", ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ("Nadia Salem said Halvorsen Shipping had been quick to act.", ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    # nothing done wrong; a condition; what one cannot afford to be
    ('"Halvorsen Shipping has done nothing wrong," said Nadia Salem.', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('"The Unity Party will not be trusted if it raises taxes," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    ('"The Unity Party will fail unless it changes course," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    ('"The Unity Party cannot afford to be complacent," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    # a wrong denied; a place that is no judgement; a lack denied
    ('"Irina Volkova did not break the ministerial code," said Pavel Novak.', ("Pavel Novak", "accused", "Irina Volkova")),
    ("Nadia Salem said Halvorsen Shipping had offices all over the place.", ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ("Pavel Novak said there was no lack of leadership from Irina Volkova.", ("Pavel Novak", "criticized", "Irina Volkova")),
    # a passive's subject undergoes, unless the lexicon says it is judged; an idiom denied
    ('"The Unity Party can be trusted with the harbour," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    ('"Halvorsen Shipping was held in contempt of court," said Nadia Salem.', ("Nadia Salem", "criticized", "Halvorsen Shipping")),
    ('"The Unity Party was not found wanting," said Pavel Novak.', ("Pavel Novak", "criticized", "Unity Party")),
    ('"Halvorsen Shipping is not putting profits before people," said Nadia Salem.',
     ("Nadia Salem", "criticized", "Halvorsen Shipping")),
])
def test_no_criticism_is_read_where_none_is_said(nlp, text, fact):
    assert fact not in _facts(nlp, text), _facts(nlp, text)


def test_the_rated_words_come_from_vader():
    rated = vader_valence()
    assert len(rated) > 7000 and rated["disgrace"] < 0 < rated["brilliant"]
