"""Names the small model misses or mistypes, read back from what the text says of them, and
titles and apologies said in ways the first reading passed over. Each case is a fact (or an
entity kind) a user would look for; the sentences are our own."""
from __future__ import annotations

import pytest

from kgtest import stated as _facts


def _kinds(nlp, text):
    return {e.label: e.kind for e in nlp(text)._.kg_facts.entities}


@pytest.mark.parametrize("text, name, kind", [
    # a given name and a surname are a person, whatever the NER made of them
    ("The trust appointed Ana Costa as its treasurer.", "Ana Costa", "person"),
    ("The vote was won by Amara Nwosu on Tuesday.", "Amara Nwosu", "person"),
    ("Victoria Okafor met Jordan Wells in the lobby.", "Jordan Wells", "person"),
    # ... but not another language's article nor a country before a second word typed ORG
    ("The minister gave an interview to Le Soir.", "Le Soir", "organization"),
    ("The singer told France Musique that she would tour.", "France Musique", "organization"),
    # a newspaper's noun before the name, whatever the parse made of it
    ("Hans Brenner told the business daily Handelsblatt Morgen that he would stay.", "Handelsblatt Morgen",
     "organization"),
    ("The station Ann Lowe runs is closing.", "Ann Lowe", "person"),
    # a person's title before a name the NER typed otherwise; a hyphenated given name
    ("Harbour City coach Sipho Dlamini quit on Sunday after a heavy defeat.", "Sipho Dlamini", "person"),
    ("Anne-Marie Lalonde joined the board in May.", "Anne-Marie Lalonde", "person"),
    # a body's word the NER left out before "of" and the name
    ("Ann Lowe heads the Diocese of Nakuru.", "Diocese of Nakuru", "organization"),
    # what one is chief executive of, or what is headquartered somewhere, is no person
    ("Ann Lowe, chief executive of Tarn Ceramics, sacked her deputy.", "Tarn Ceramics", "organization"),
    ("Dalby Marine, which is headquartered in Tromso, will close two yards.", "Dalby Marine", "organization"),
    # the name's own words say what it is
    ("Gita Rao, a partner at Holt Brennan LLP, filed the claim.", "Holt Brennan LLP", "organization"),
    ("Nurses at St Brigid's Hospital walked out.", "St Brigid's Hospital", "organization"),
    ("The loan came from Banco Meridional last year.", "Banco Meridional", "organization"),
    ("Priya Nair joined the Aam Aadmi Party in 2014.", "Aam Aadmi Party", "organization"),
    ("Tom Field works for the charity Oxfam.", "Oxfam", "organization"),
    # a sports club by its letters, whatever the NER typed it
    ("Defender Ivo Kral signed a two-year deal with Tarnby HC on Friday.", "Tarnby HC", "organization"),
    # a business word last makes a name a business's, even after a given name (not "Ann Mills")
    ("Investors questioned the leadership of Halvard Mining.", "Halvard Mining", "organization"),
    ("Ann Mills said the plan was fine.", "Ann Mills", "person"),
    # "Dean" before a surname alone is a given name, not a dean's title
    ("Westmoor signed the striker Dean Holt from Ashby Town.", "Dean Holt", "person"),
    # "a Leeds firm, X": the town is where the firm is, the name in apposition the firm's, whatever
    # its last word ("Games")
    ("A Bristol firm, Avonmere Games, has been fined.", "Bristol", "place"),
    ("A Bristol firm, Avonmere Games, has been fined.", "Avonmere Games", "organization"),
    # a word for a kind of organization before the name, or in apposition to it, says what it is
    ("Shares in Danish brewer Kronholt fell sharply.", "Kronholt", "organization"),
    ("The Austin-based startup Quillory raised $4 million.", "Quillory", "organization"),
    ("Vantora, a biotech based in Ghent, cut 40 jobs.", "Vantora", "organization"),
    ("Jane Smith, a firm believer in rest, won.", "Jane Smith", "person"),
    # the text says it is a place
    ("Shops in Bandra, a suburb of Mumbai, stayed shut.", "Bandra", "place"),
    ("Flooding hit Porto Alegre, Brazil, last week.", "Porto Alegre", "place"),
    ("Montmartre, a district of Paris, drew the crowds.", "Montmartre", "place"),
    # a name the table gives mostly one gender is a person where it acts as one
    ("Ravi Kapoor said the ferry was late.", "Ravi Kapoor", "person"),
    # a mother is a person, an article makes a name no person's, a company's name ends its name
    ("Efua Asamoah, a mother of four, runs the stall.", "Efua Asamoah", "person"),
    ("Ana Ruiz left the Herald after a year.", "Herald", "organization"),
    ("Halden Mills Inc. of Lowell cut jobs.", "Halden Mills Inc.", "organization"),
    ("Halden Mills Inc. of Lowell cut jobs.", "Lowell", "place"),
    # a legislator's state, and the town a resident is of
    ("Sen. Mark Ibsen, R-Neb., objected.", "Nebraska", "place"),
    ("Dundee grandmother Isla Reid, 77, won the prize.", "Dundee", "place"),
    # a name in apposition with a post is a person's, whatever the NER typed it
    ("A spokesman for Brenner Rail in Vienna, Karl Huber, said no.", "Karl Huber", "person"),
    # a district's or constituency's name, and each name of a list the NER joined
    ("The party hopes to win Kingsbridge Central and Stroud North West.", "Kingsbridge Central", "place"),
    ("The party hopes to win Kingsbridge Central and Stroud North West.", "Stroud North West", "place"),
    # the place an office is of, whatever the NER typed it
    ("Bristol mayor Ruth Bay opened the bridge.", "Bristol", "place"),
    ("The mayor of Bristol, Ruth Bay, opened the bridge.", "Bristol", "place"),
    # what a person does, capitalised at the start of a sentence, is no part of the name
    ("Boxer Lee Chambers retired after the fight.", "Lee Chambers", "person"),
    ("Novelist Hilary Orme died on Monday.", "Hilary Orme", "person"),
    ("Veteran broadcaster Mary Kell retired.", "Mary Kell", "person"),
    ("Winger Jack Lloyd-Price scored twice.", "Jack Lloyd-Price", "person"),
    ("Pensioner Edith Marlow, 84, won the lottery.", "Edith Marlow", "person"),   # the NER typed it ORG
    # the plural a body is of, before its name: part of the name
    ("She joined the Nurses' Solidarity Union in 2010.", "Nurses' Solidarity Union", "organization"),
    ("The plan was backed by the Dockers' Party.", "Dockers' Party", "organization"),
    # a newspaper's name, whatever the NER typed it (a law; only its last word, a person)
    ("In an interview with the Harrowgate Echo, Mayor Phil Doyle said the bypass would open.", "Harrowgate Echo",
     "organization"),
    ("A column in the Valley Gazette urged the mayor to quit.", "Valley Gazette", "organization"),
    ("Ruby Echo sang at the festival.", "Ruby Echo", "person"),
    # a given name after a title, before a surname the NER took for a town
    ("The premier backed Governor Ana Lima on Monday.", "Ana Lima", "person"),
    ("Farmer John Hart-Davis sold the herd.", "John Hart-Davis", "person"),
    # a firm named by its partners, with commas and "&"
    ("Lawyers at Sturgis, Pell & Hathaway filed the appeal.", "Sturgis, Pell & Hathaway", "organization"),
    ("The deal was advised by Merrill Lynch, Pierce, Fenner & Smith.", "Merrill Lynch, Pierce, Fenner & Smith",
     "organization"),
    # a town GeoNames knows, where the text puts it in a place's position
    ("Officials in Lafayette said the road would reopen.", "Lafayette", "place"),
    ("She moved from Marion to Warren in 2004.", "Marion", "place"),
    ("Austin police arrested the man.", "Austin", "place"),
    ("The MP for Rochdale, Paul Jay, spoke.", "Rochdale", "place"),
    ("Tom Ford spoke for the Sandusky Teachers Union. Ann Hale, from Sandusky, backed him.",
     "Sandusky Teachers Union", "organization"),
    ("Tom Ford spoke for the Sandusky Teachers Union. Ann Hale, from Sandusky, backed him.", "Sandusky", "place"),
    # a shop's name the NER passes over, that the sentence has speak as a business
    ("Hartwells said it would close 200 stores.", "Hartwells", "organization"),
    ("Staff at Harrods walked out over pay.", "Harrods", "organization"),
    ("Customers of Selfridges complained.", "Selfridges", "organization"),
    ("Hartwell said its profits fell.", "Hartwell", "organization"),
    ("Shoppers queued outside Hartwells. Hartwells said it would close 200 stores.", "Hartwells",
     "organization"),
    # an organization the NER passed over whose own last word says what it is
    ("Chief Executive Ann Vale of Kestrel Foods resigned.", "Kestrel Foods", "organization"),
    ("Riverbend Community Hospital, located in Springfield, treated the victims.", "Riverbend Community Hospital",
     "organization"),
])
def test_an_entity_is_the_kind_the_text_says(nlp, text, name, kind):
    assert _kinds(nlp, text).get(name) == kind, _kinds(nlp, text)


@pytest.mark.parametrize("text, people", [
    # a bare surname is the one person known by a title and that surname
    ("Lord Marwick criticised the plan. Marwick said it was unfair.", {"Lord Marwick"}),
    ("Mrs Adeyemi opened the clinic. Adeyemi said it was overdue.", {"Mrs Adeyemi"}),
    # not when two share it, nor when a full name takes it
    ("Mr Elwood and Mrs Elwood spoke. Elwood said no.", {"Mr Elwood", "Mrs Elwood"}),
    ("Tom Elwood met Mrs Elwood. Elwood said no.", {"Tom Elwood", "Mrs Elwood"}),
])
def test_a_surname_is_the_titled_person_of_that_name(nlp, text, people):
    found = {e.label for e in nlp(text)._.kg_facts.entities if e.kind == "person"}
    assert found - {"Elwood"} == people   # a bare "Elwood" that two share stays apart (or untagged)


def test_a_party_named_with_a_word_for_an_occasion_is_still_an_organization(nlp):
    kinds = _kinds(nlp, "The National Liberal Party held its conference in Lyon.")
    assert kinds.get("National Liberal Party") == "organization", kinds


@pytest.mark.parametrize("text, fact", [
    # a name folded into the title it is given: "named X deputy mayor"
    ("Governor Ruth Alder named Omar Haddad deputy governor.", ("Omar Haddad", "holdsPosition", "deputy governor")),
    ("Voters elected Nia Banda president in 2021.", ("Nia Banda", "holdsPosition", "president")),
    ("Voters elected Nia Banda president in 2021.", ("Nia Banda", "electedTo", "president")),
    ("The squad was led by Jo Marsh, who was named captain in May.", ("Jo Marsh", "holdsPosition", "captain")),
    # a name before a relational noun is what it is of
    ("Lindiwe Dube, a Soweto resident, spoke at the meeting.", ("Lindiwe Dube", "residentOf", "Soweto")),
    ("Carl Ames, a Labour member, voted against.", ("Carl Ames", "memberOf", "Labour Party")),
    # an apology asked of someone
    ("The Harbour Pilots Union demanded an apology from Karl Weiss.",
     ("Harbour Pilots Union", "calledForApologyFrom", "Karl Weiss")),
    ("Dina Roy demanded Karl Weiss's apology.", ("Dina Roy", "calledForApologyFrom", "Karl Weiss")),
    ("Residents of Ikeja, a suburb of Lagos, lost power.", ("Ikeja", "locatedIn", "Lagos")),
    # where an organization is: a nationality before its descriptor, a place owning its name
    ("Finnish paper maker Nordpulp closed a mill in Finland.", ("Nordpulp", "locatedIn", "Finland")),
    ("Kenya's Supreme Court annulled the result.", ("Supreme Court", "locatedIn", "Kenya")),
    ("The mayor of Bristol, Ruth Bay, opened the bridge.", ("Ruth Bay", "holdsPosition", "mayor of Bristol")),
    # a place set off by a comma and "in"
    ("Shops in Hackney, in north London, stayed shut.", ("Hackney", "locatedIn", "London")),
    # a place before "-based", and "the X suburb of Y"
    ("Shares in Leeds-based Harland Foods fell.", ("Harland Foods", "locatedIn", "Leeds")),
    ("The aid came from a Lyon-based charity, Entraide Rhone.", ("Entraide Rhone", "locatedIn", "Lyon")),
    ("The Paris suburb of Vanves voted no.", ("Vanves", "locatedIn", "Paris")),
    ("The Gion district of Kyoto was packed.", ("Gion", "locatedIn", "Kyoto")),
    # staying put is refusing to go; a participle is asserted of its noun
    ("Nora Quist vowed to cling on.", ("Nora Quist", "refusedToResign", None)),
    ("Nora Quist said she would remain chairwoman.", ("Nora Quist", "refusedToResign", None)),
    ("Ana Vidal, elected to the Harbour Board in 2018, is seeking a second term.",
     ("Ana Vidal", "electedTo", "Harbour Board")),
    ("Tomas Berg won election to the Harbour Board in 2020.", ("Tomas Berg", "electedTo", "Harbour Board")),
    # a word the small model misreads, read whole: "re-elected" (not "re", "-", "elected"), "reappointed"
    ("Nia Banda was re-elected to the Harbour Board in May.", ("Nia Banda", "electedTo", "Harbour Board")),
    ("Voters re-elected Nia Banda as mayor.", ("Nia Banda", "electedTo", "mayor")),
    ("The Harbour Board reappointed Tomas Berg for a second term.", ("Harbour Board", "appointed", "Tomas Berg")),
    ("Tomas Berg was headhunted by Vexa Foods.", ("Vexa Foods", "appointed", "Tomas Berg")),
    # succession said through the post: whose place, the vacancy someone left, the reins handed over
    ("Tomas Berg resigned in May. Nina Ortiz took his place on the board.", ("Nina Ortiz", "replaced", "Tomas Berg")),
    ("Nina Ortiz will fill the vacancy created by Carl Mayer's resignation.", ("Nina Ortiz", "replaced", "Carl Mayer")),
    ("Carl Mayer handed the reins to Nina Ortiz after the final.", ("Nina Ortiz", "replaced", "Carl Mayer")),
    ("Nina Ortiz stepped into the shoes of Carl Mayer.", ("Nina Ortiz", "replaced", "Carl Mayer")),
    ("The Hawks replaced coach Lee Marsh with Dwayne Hill.", ("Dwayne Hill", "replaced", "Lee Marsh")),
    ("Carl Mayer was succeeded as director by Nina Ortiz.", ("Nina Ortiz", "replaced", "Carl Mayer")),
    # refusing to go: ruling it out, an intent denied, going nowhere, clinging to power, seeing out a term
    ("Nora Quist ruled out resigning.", ("Nora Quist", "refusedToResign", None)),
    ("Nora Quist has no intention of resigning, her spokesman said.", ("Nora Quist", "refusedToResign", None)),
    ("Nora Quist insisted she was going nowhere.", ("Nora Quist", "refusedToResign", None)),
    ("Nora Quist said she was not going anywhere.", ("Nora Quist", "refusedToResign", None)),
    ("Nora Quist is clinging to power.", ("Nora Quist", "refusedToResign", None)),
    ("Nora Quist said she would see out her term.", ("Nora Quist", "refusedToResign", None)),
    # an office won, a newly elected title, one voted in
    ("Nia Banda won the governorship in a landslide.", ("Nia Banda", "electedTo", "governorship")),
    ("Nia Banda, the newly elected mayor, spoke first.", ("Nia Banda", "electedTo", "mayor")),
    ("Nia Banda was voted in as chair of the Harbour Board.", ("Nia Banda", "electedTo", "chair")),
    # a journalist told something interviews
    ("Nora Quist told the reporter Tomas Berg that she would stand again.", ("Nora Quist", "interviewedBy", "Tomas Berg")),
    # who left a party was its member
    ("Nora Quist quit the Green Party in May.", ("Nora Quist", "memberOf", "Green Party")),
    # a bare corporate title is the company's named just before
    ("Shares in Brightline Capital fell. Chief executive Tom Hale blamed the weather.",
     ("Tom Hale", "leaderOf", "Brightline Capital")),
    # a title before a name is held even where the parse strays
    ("Sitting MP Ruth Bay lost her seat.", ("Ruth Bay", "holdsPosition", "MP")),
    ("Leeds mayor Ruth Bay opened the bridge.", ("Ruth Bay", "holdsPosition", "mayor")),
    ("Liberal co-chairman Grant Pike spoke first.", ("Grant Pike", "holdsPosition", "co-chairman")),
    # a bare chairman's title before a name is the company's the story is about
    ("Harwood Foods rejected the offer. Chairman Ian Holloway said the bid was too low.",
     ("Ian Holloway", "leaderOf", "Harwood Foods")),
    # a post's own words, lower-case or a department's capitalised word
    ("Shadow housing minister Dan Oke quit on Sunday.", ("Dan Oke", "holdsPosition", "Shadow housing minister")),
    ("Labour's Housing Secretary, Angela Crewe, spoke.", ("Angela Crewe", "holdsPosition", "Housing Secretary")),
    # a post at an organization, however humble, is held; the post's own words kept whole
    ("Lena Ruiz, an anchor for Canal Sur, moderated the debate.", ("Lena Ruiz", "holdsPosition", "anchor")),
    ("Vexa Foods spokesman Tom Hale declined to comment.", ("Tom Hale", "holdsPosition", "spokesman")),
    ("Omar Bell, a fund manager at Kestrel Capital, sold the shares.", ("Omar Bell", "holdsPosition", "fund manager")),
    ("Fisheries Minister Ines Lund refused to comment.", ("Ines Lund", "holdsPosition", "Fisheries Minister")),
    ("Circuit Judge Amy Shaw jailed the pair.", ("Amy Shaw", "holdsPosition", "Circuit Judge")),
    ("Bishop Peter Onyango blessed the new school.", ("Peter Onyango", "holdsPosition", "Bishop")),
    ("Ana Ruiz, pastor of Grace Church, led the march.", ("Ana Ruiz", "worksFor", "Grace Church")),
    ("Norvik Shipping's spokeswoman, Ida Berg, said the ship was safe.", ("Ida Berg", "worksFor", "Norvik Shipping")),
    # one picked "to lead" is the one who leads; an appointment "of Y as" makes Y the holder
    ("Mayor Ruth Bay tapped Omar Haddad on Monday to run the Harbour Trust.", ("Omar Haddad", "leaderOf", "Harbour Trust")),
    ("Ruth Bay's appointment of Omar Haddad as chief engineer of Vexa Foods was confirmed.",
     ("Omar Haddad", "holdsPosition", "chief engineer")),
    # work said by what one does there; a business by the noun beside its name; a body's salaried head
    ("Tomas Berg has coached rowing at Harwick College since 2001.", ("Tomas Berg", "worksFor", "Harwick College")),
    ("Kenneth Oyama joined Pruett & Lang, the accounting firm, in 1982.", ("Kenneth Oyama", "worksFor", "Pruett & Lang")),
    ("Harriet Musgrove, executive director of the National Association of Home Nurses, spoke.",
     ("Harriet Musgrove", "worksFor", "National Association of Home Nurses")),
    # the programme or paper a staff title before a name is of, where the NER passed it over
    ("Panorama presenter Tom Lund asked the question.", ("Tom Lund", "worksFor", "Panorama")),
    # the company after the field a title is of; the staff a plural names, by "including"
    ("Ana Ruiz, vice president for sales at Kestrel Foods, spoke.", ("Ana Ruiz", "worksFor", "Kestrel Foods")),
    ("Analysts at Kestrel Capital, including Ana Ruiz, expect a cut.", ("Ana Ruiz", "worksFor", "Kestrel Capital")),
    ("Tom Lund, a foreman at the Dawson Coal Co. mine, said the men were trapped.",
     ("Tom Lund", "worksFor", "Dawson Coal Co.")),
    ("Elaine Porter, a vice president of Granite Mutual Insurance, spoke.",
     ("Elaine Porter", "worksFor", "Granite Mutual Insurance")),
    # a post given, said by its noun: "X's election as president", "the election of X as mayor"
    ("Kenji Sato's election as president of the Rowing Federation was confirmed.",
     ("Kenji Sato", "electedTo", "president")),
    ("The election of Ana Ruiz as mayor surprised many.", ("Ana Ruiz", "holdsPosition", "mayor")),
    # a member of a body of members named by "of"
    ("Councilwoman Ana Reyes of the Harwick Town Council voted no.", ("Ana Reyes", "memberOf", "Harwick Town Council")),
    # the staff of an organization, said by a noun with any of its prepositions
    ("Ines Moreau, a chemist with Solvane Labs, ran the tests.", ("Ines Moreau", "worksFor", "Solvane Labs")),
    ("A spokeswoman for the Kestrel Trust, Amy Shaw, said no.", ("Amy Shaw", "worksFor", "Kestrel Trust")),
    ("Raj Patel joined Orbis Media as a producer in 2019.", ("Raj Patel", "worksFor", "Orbis Media")),
    # the head of a department is on the staff, with the department in the post's name
    ("Ana Lind, head of marketing at Vexa Foods, resigned.", ("Ana Lind", "worksFor", "Vexa Foods")),
    ("Ana Lind, head of marketing at Vexa Foods, resigned.", ("Ana Lind", "holdsPosition", "head of marketing")),
    # where someone lives: a legislator's state, a resident noun with a place before or after it
    ("Sen. Mark Ibsen, R-Neb., objected.", ("Mark Ibsen", "residentOf", "Nebraska")),
    ("Dundee grandmother Isla Reid, 77, won the prize.", ("Isla Reid", "residentOf", "Dundee")),
    ("Paulo Reis, a farmer from Braga, lost his crop.", ("Paulo Reis", "residentOf", "Braga")),
    ("Mia Holm, a Malmo pensioner, wrote to the council.", ("Mia Holm", "residentOf", "Malmo")),
    # any noun that describes a person, with the place before it or after "from" / "of"
    ("Sam Ortiz, a Fresno almond grower, lost his crop.", ("Sam Ortiz", "residentOf", "Fresno")),
    ("Houston cardiologist Ana Ruiz led the study.", ("Ana Ruiz", "residentOf", "Houston")),
    ("Ray Dunn, a retired welder from Akron, Ohio, testified.", ("Ray Dunn", "residentOf", "Akron")),
    ("Lena Cho, a Portland, Maine, potter, won the prize.", ("Lena Cho", "residentOf", "Portland")),
    ("Sen. Ted Moss, Republican of Idaho, objected.", ("Ted Moss", "residentOf", "Idaho")),
    ("Drexel Pumps, a Tulsa, Okla., maker of valves, cut jobs.", ("Drexel Pumps", "locatedIn", "Tulsa")),
    ("Brauhaus Vogt, a brewery in Bamberg since 1870, was sold.", ("Brauhaus Vogt", "locatedIn", "Bamberg")),
    # a town, a comma and its state or country, by word order wherever the parse hangs the state
    ("Elko, Nev., a mining town, voted no.", ("Elko", "locatedIn", "Nevada")),
    ("Kanazawa, Japan, is known for gold leaf.", ("Kanazawa", "locatedIn", "Japan")),
    # where a place lies: its describing noun's "in" or "on", a place owning it, "of" after it
    ("Dunmore, a village of 900 people in western Ohio, voted no.", ("Dunmore", "locatedIn", "Ohio")),
    ("Kirkby, a fishing town on Norway's northern coast, is quiet.", ("Kirkby", "locatedIn", "Norway")),
    ("Shops in Boston's South End stayed shut.", ("South End", "locatedIn", "Boston")),
    ("The plane came down in the Uinta Mountains of northeastern Utah.", ("Uinta Mountains", "locatedIn", "Utah")),
    ("The Wichita, Kan., maker of pumps cut jobs.", ("Wichita", "locatedIn", "Kansas")),
    # a public office owned by its place: "Ohio's top law officer, X"
    ("The inquiry was led by Ohio's top law officer, Dana Reyes.", ("Dana Reyes", "holdsPosition", "law officer of Ohio")),
    # a legislator "from" a state; a state before a legislator's title or wire copy's "Gov."
    ("Hal Berg, the senior senator from Kansas, objected.", ("Hal Berg", "residentOf", "Kansas")),
    ("Ohio Gov. Dana Reyes signed the bill.", ("Dana Reyes", "residentOf", "Ohio")),
    ("Lee Park, a Vermont state senator, signed the letter.", ("Lee Park", "residentOf", "Vermont")),
    ("Ohio's governor, Dana Reyes, signed the bill.", ("Dana Reyes", "holdsPosition", "governor of Ohio")),
    ("Residents of the Sun Valley retirement community, among them Ana Ruiz, lost money.",
     ("Ana Ruiz", "residentOf", "Sun Valley")),
    # a party by its name; an organization owning a title before a name; "the village of X" is X
    ("The Greenway Party's Hannah Lowe said the vote was rushed.", ("Hannah Lowe", "memberOf", "Greenway Party")),
    ("Dundee Athletic's captain Callum Reid spoke.", ("Callum Reid", "memberOf", "Dundee Athletic")),
    ("The Church of St Olave in the village of Little Haddon won funding.",
     ("Church of St Olave", "locatedIn", "Little Haddon")),
    ("Ballinrobe, a market town in County Mayo, won the prize.", ("Ballinrobe", "locatedIn", "County Mayo")),
    # what one leaves or will not leave, named beside the verb, is what one was in
    ("Karen Lowe refused to quit the Green Party.", ("Karen Lowe", "refusedToResign", "Green Party")),
    ("Kofi Mensah refused to resign from the board of the Harbour Bank.", ("Kofi Mensah", "memberOf", "Harbour Bank")),
    # an ensemble's singers and players are its members; a firm's move of its head office
    ("Gareth Price has sung with the Cwmbran Male Voice Choir since he was 16.",
     ("Gareth Price", "memberOf", "Cwmbran Male Voice Choir")),
    ("Halden Mills Ltd has moved its head office from York to Leeds.", ("Halden Mills Ltd", "locatedIn", "Leeds")),
    ("The fight started outside the Crescent Bar on Kingsley Road, Sheffield.", ("Crescent Bar", "locatedIn", "Sheffield")),
    # "lives on the island of X"; a person described as from a place; "the X section of Y" is X
    ("Kalani Akana, a fisherman who lives on the island of Molokai, spoke.", ("Kalani Akana", "residentOf", "Molokai")),
    ("Billy Ray Sutter, a rancher from Abilene who lost his herd, wants aid.", ("Billy Ray Sutter", "residentOf", "Abilene")),
    ("Ngozi Adeyemi, 34, a nurse who lived in the Flatbush section of Brooklyn, died.",
     ("Ngozi Adeyemi", "residentOf", "Flatbush")),
    # who lives in a street lives in its town
    ("John Harker, 62, of Wellbrook Lane, Marston, was fined.", ("John Harker", "residentOf", "Marston")),
    # an age says a person, "of" after it where they live
    ("The driver, Ines Castro, 19, of Hialeah, was unhurt.", ("Ines Castro", "residentOf", "Hialeah")),
    ("Ella Mae Dobbs, 101, who has lived in Camden since 1931, was honored.", ("Ella Mae Dobbs", "residentOf", "Camden")),
    # a newspaper with its article is no person, whatever given name it starts with
    ("Rosa Lund, a reporter for the Dayton Ledger, was jailed.", ("Rosa Lund", "worksFor", "Dayton Ledger")),
    # where a company is: "X Inc. of Y", "X of Y, State"; the capital of a country
    ("Halden Mills Inc. of Lowell cut jobs.", ("Halden Mills Inc.", "locatedIn", "Lowell")),
    ("Quito, the capital of Ecuador, was quiet.", ("Quito", "locatedIn", "Ecuador")),
    # what a name or a describing noun says holds whatever the verb over it does
    ("Staff at Vexa Foods in Leeds refused to comment.", ("Vexa Foods", "locatedIn", "Leeds")),
    ("Police were sent to the Kallio district of Helsinki.", ("Kallio", "locatedIn", "Helsinki")),
    # a rank between a title and the name; a name hung on the place after the organization
    ("Coast Guard spokesman Lt. Cmdr. Omar Bell said the boat sank.", ("Omar Bell", "worksFor", "Coast Guard")),
    ("A spokesman for Brenner Rail in Vienna, Karl Huber, said no.", ("Karl Huber", "worksFor", "Brenner Rail")),
    # a place noun owned by a place: "X, Kenya's second city"
    ("Fans packed Kumasi, Ghana's second city, for the final.", ("Kumasi", "locatedIn", "Ghana")),
    # those who speak for an organization stand for it; "together" completes "get together with"
    ("Delegates from the Harbour Pilots Union met Mayor Ruth Bay.", ("Harbour Pilots Union", "metWith", "Ruth Bay")),
    ("Ruth Bay held talks with officials of the Kestrel Trust.", ("Ruth Bay", "metWith", "Kestrel Trust")),
    ("Ruth Bay got together with Tom Kerr after the vote.", ("Ruth Bay", "metWith", "Tom Kerr")),
    # a copula with the preposition of a relation: "is on the board of", "was at the helm of"
    ("Nora Quist is on the board of the Bergen Harbour Trust.", ("Nora Quist", "memberOf", "Bergen Harbour Trust")),
    ("Tomas Berg was at the helm of Nordvik Shipping Ltd in 2019.", ("Tomas Berg", "leaderOf", "Nordvik Shipping Ltd")),
    # a programme that names no entity stands for its outlet
    ("Nora Quist said on the BBC's evening news that the ferry would run.", ("Nora Quist", "interviewedBy", "BBC")),
    # a deputy is a member of a body, on the staff of a business
    ("Ines Morel, deputy leader of the Harbour Pilots Union, spoke.", ("Ines Morel", "memberOf", "Harbour Pilots Union")),
    ("Elaine Porter, a vice president of Granite Mutual Insurance, spoke.",
     ("Elaine Porter", "worksFor", "Granite Mutual Insurance")),
    # a gerund after "after", "since": its subject is the main verb's; an adjunct of when or
    # where holds, whatever its verb does ("refused", "denied")
    ("After meeting Tomas Berg, Nora Quist flew home.", ("Nora Quist", "metWith", "Tomas Berg")),
    ("Speaking to the BBC, Nora Quist refused to apologise.", ("Nora Quist", "interviewedBy", "BBC")),
    ("In an interview with Reuters, Nora Quist denied the claims.", ("Nora Quist", "interviewedBy", "Reuters")),
    # one of a body's directors sits on it; "among the members of"; a delegation speaks for its body
    ("Nora Quist is one of the directors of the Bergen Harbour Trust.", ("Nora Quist", "memberOf", "Bergen Harbour Trust")),
    ("Nora Quist is among the members of the Harbour Pilots Union.", ("Nora Quist", "memberOf", "Harbour Pilots Union")),
    ("Tomas Berg met a delegation from the Harbour Pilots Union.", ("Tomas Berg", "metWith", "Harbour Pilots Union")),
    # "re-elected", split by the tokenizer, whose subject the parser hangs on the auxiliary
    ("Kate Muir was re-elected to the Falkirk Council on Thursday.", ("Kate Muir", "memberOf", "Falkirk Council")),
    ("Kate Muir was re-elected as leader of the Falkirk Council.", ("Kate Muir", "leaderOf", "Falkirk Council")),
    # a group named by what its members are: the people just named together
    ("Ines Moreau and Paula Reis met on Friday. The two women criticised Mayor Ruth Bay.",
     ("Paula Reis", "criticized", "Ruth Bay")),
    ("Ines Moreau and Paulo Reis spoke. Both ministers backed Mayor Ruth Bay.", ("Ines Moreau", "supported", "Ruth Bay")),
    # an adjective said of a copula's subject, as a relational noun is
    ("Councillor Ann Lowe has grown increasingly critical of Tom Fry.", ("Ann Lowe", "criticized", "Tom Fry")),
    ("Tom Fry said he was deeply sorry.", ("Tom Fry", "apologizedTo", None)),
    # a possessor is the "of" of its noun: "won X's backing", "came to X's defence"
    ("Tom Fry has won Ann Lowe's backing.", ("Ann Lowe", "supported", "Tom Fry")),
    ("Ann Lowe came to Tom Fry's defence.", ("Ann Lowe", "supported", "Tom Fry")),
    ("Ann Lowe accepted Tom Fry's apology.", ("Tom Fry", "apologizedTo", "Ann Lowe")),
    # a label parsed as a second object
    ("Ann Lowe branded Tom Fry a liar.", ("Ann Lowe", "criticized", "Tom Fry")),
    ("Mairead Quinn branded Declan Roche a coward.", ("Mairead Quinn", "criticized", "Declan Roche")),
    # a dismissal asked for is a call to go; "ought to", "needs to" oblige as "should" does
    ("Ann Lowe called for Tom Fry to be sacked.", ("Ann Lowe", "calledForResignationOf", "Tom Fry")),
    ("Ann Lowe urged the Harbour Board to fire Tom Fry.", ("Ann Lowe", "calledForResignationOf", "Tom Fry")),
    ("Ann Lowe said Tom Fry ought to resign.", ("Ann Lowe", "calledForResignationOf", "Tom Fry")),
    ("Ann Lowe said Tom Fry needed to apologize.", ("Ann Lowe", "calledForApologyFrom", "Tom Fry")),
    # a subjunctive the small model tags a name ("that X apologise")
    ("Ann Lowe insisted that Tom Fry apologise.", ("Ann Lowe", "calledForApologyFrom", "Tom Fry")),
    # a purpose after getting in touch: done by the one who did, to the one contacted
    ("Marco Reyes phoned Dana Whitlock to apologise.", ("Marco Reyes", "apologizedTo", "Dana Whitlock")),
    ("Felix Ong wrote to Rosa Tan to apologise.", ("Felix Ong", "apologizedTo", "Rosa Tan")),
    # a gerund after "in" or "by" is done by the verb's subject; backing a call makes it one's own
    ("Aoife Byrne joined Ines Carvalho in calling for Rui Pinto to quit.", ("Aoife Byrne", "calledForResignationOf", "Rui Pinto")),
    ("Grace Okonkwo closed the debate by backing Samuel Adeyemi.", ("Grace Okonkwo", "supported", "Samuel Adeyemi")),
    # the way someone did something is theirs; dismay said as a passive
    ("Ann Lowe criticised the way Tom Fry had handled the dispute.", ("Ann Lowe", "criticized", "Tom Fry")),
    ("Ann Lowe said she was appalled by Tom Fry's remarks.", ("Ann Lowe", "criticized", "Tom Fry")),
    # "it" said by an organization is the organization
    ("The Ramblers' Federation said it was appalled by Corrin Estates Ltd's plans.",
     ("Ramblers' Federation", "criticized", "Corrin Estates Ltd")),
    ("Halvorsen Shipping said it had appointed Erik Dahl as chief executive.",
     ("Halvorsen Shipping", "appointed", "Erik Dahl")),
    ("The Fenwick Tenants Association backed calls for Paul Sandoval to resign.",
     ("Fenwick Tenants Association", "calledForResignationOf", "Paul Sandoval")),
    # "the chairman": the one the text appointed, made or saw serve as one
    ("Ruth Pell was appointed chairman of Carrow Bank in 2019. The chairman resigned last week.",
     ("Ruth Pell", "resignedFrom", "chairman")),
    ("Ruth Pell became the chief executive of Carrow Bank. The chief executive resigned last week.",
     ("Ruth Pell", "resignedFrom", "chief executive")),
    ("Karen Blyth served as treasurer of the Kelby Rowing Club. The treasurer quit in May.",
     ("Karen Blyth", "resignedFrom", "treasurer")),
    # a town before an occupation is the holder's home; a state, a province or a country before
    # "city of", "town of" holds the place named after it
    ("Marta Vidal, a Tucson businesswoman, bought the bakery.", ("Marta Vidal", "residentOf", "Tucson")),
    ("Toledo activist Ben Ortiz led the march.", ("Ben Ortiz", "residentOf", "Toledo")),
    ("The Texas town of Marfa held its first film festival.", ("Marfa", "locatedIn", "Texas")),
    ("Rescuers reached the Chinese province of Hubei, where China had sent troops.", ("Hubei", "locatedIn", "China")),
    # a title, "of" and its brief before a name; a name the NER ran on past "in" and a known town
    ("Secretary of Commerce Dana Pruitt flew to Ottawa.", ("Dana Pruitt", "holdsPosition", "Secretary of Commerce")),
    ("Chief of Staff Owen Marsh resigned.", ("Owen Marsh", "holdsPosition", "Chief of Staff")),
    ("Lena Cho, director of the Regional Flood Center in Baton Rouge, La., issued the warning.",
     ("Regional Flood Center", "locatedIn", "Baton Rouge")),
    ("Lena Cho, director of the Regional Flood Center in Baton Rouge, La., issued the warning.",
     ("Lena Cho", "leaderOf", "Regional Flood Center")),
    ("The tornado struck Coral Springs, Fla., before dawn.", ("Coral Springs", "locatedIn", "Florida")),
    # a surname alone opening a sentence, said at once to be someone: a person
    ("Okafor, who works for the Lagos Water Board, gave evidence.", ("Okafor", "worksFor", "Lagos Water Board")),
    ("Brandt, a chemist at the Rhine Polymer Institute, led the study.", ("Brandt", "worksFor", "Rhine Polymer Institute")),
    # a trade is a person's, and where one plies it ("in") is a home; "from Town, State" names the town
    ("Samir Haddad, a grocer from Lansing, Mich., spoke to reporters.", ("Samir Haddad", "residentOf", "Lansing")),
    ("Nikos Pappas, a 60-year-old baker in Patras, said sales had halved.", ("Nikos Pappas", "residentOf", "Patras")),
    ("Dwayne Ellery of Freeport, Bahamas, won the 400 meters.", ("Dwayne Ellery", "residentOf", "Freeport")),
    # a team named by its town and a plural; signing a player; a firm's town after "of" and before its
    # state; a definite description naming the firm's town
    ("Paolo Ricci was hired on Monday by the Tacoma Mariners.", ("Paolo Ricci", "worksFor", "Tacoma Mariners")),
    ("The Halifax Hawks signed Marcus Reid to a two-year contract.", ("Marcus Reid", "worksFor", "Halifax Hawks")),
    ("The mill is owned by Corliss Textiles of Lowell, Mass., a family firm.", ("Corliss Textiles", "locatedIn", "Lowell")),
    ("Regulators closed Prairie Home Savings Association of Amarillo, Texas, on Friday.",
     ("Prairie Home Savings Association", "locatedIn", "Amarillo")),
    ("Lena Vogt, chairman of Elbe Freight Lines, said the Bremen company had cut 200 jobs.",
     ("Elbe Freight Lines", "locatedIn", "Bremen")),
    # "D-Ark." however the dash is hung; "who" after a noun set beside a name is the name's;
    # an embassy is a body, and a secretary "at" one is on its staff
    ("Sen. Dale Hurd, D-Ark., called the levy a gift to importers.", ("Dale Hurd", "residentOf", "Arkansas")),
    ("Irene Falk, a retired Navy captain who lives in Annapolis, Md., chairs the panel.",
     ("Irene Falk", "residentOf", "Annapolis")),
    ("Pavel Orlov, second secretary at the Russian Embassy, was expelled.", ("Pavel Orlov", "worksFor", "Russian Embassy")),
    # a judge sits on a court's bench; who heads a department is on the staff
    ("Ines Carvalho, a judge on the Tarn Court of Appeals, dismissed the case.",
     ("Ines Carvalho", "memberOf", "Tarn Court of Appeals")),
    ("Halden Foods finance director Mira Solberg resigned.", ("Mira Solberg", "worksFor", "Halden Foods")),
    # a nation ISO 3166-2 writes with its other name in brackets ("Wales [Cymru GB-CYM]"), found
    # after a town's comma where the NER passed both over
    ("Gwen Rees, 58, of Swansea, Wales, won the sheepdog trials.", ("Swansea", "locatedIn", "Wales")),
    # a shelter is a body, named even where its first word is a given name ("the Camden ..."); a
    # veteran of a body served on its staff
    ("Rosa Tan, who runs the Carter Family Shelter, asked for blankets.", ("Rosa Tan", "leaderOf", "Carter Family Shelter")),
    # a place's own person, named with no title between: where the person is from
    ("Lena Moreau finished two seconds behind Kenya's Daniel Kiprono.", ("Daniel Kiprono", "residentOf", "Kenya")),
    # quitting one's job at a body says one worked there
    ("Ann Lowe quit her job at the Tarn Housing Trust.", ("Ann Lowe", "worksFor", "Tarn Housing Trust")),
    # a station named by its town and "FM", "Radio" or "TV"; the person set beside a noun is the object
    ("Tom Hale said in a radio interview with Tarn FM that he would stay.", ("Tom Hale", "interviewedBy", "Tarn FM")),
    ("Speaking on Tarn TV's Evening Report, Tom Hale denied the claims.", ("Tom Hale", "interviewedBy", "Tarn TV")),
    ("Kwame Mensah was interviewed by the Tarn FM morning host, Abena Osei.",
     ("Kwame Mensah", "interviewedBy", "Abena Osei")),
    ("Tom Hale appeared on Tarn FM on Monday to defend the plan.", ("Tom Hale", "interviewedBy", "Tarn FM")),
    # the head of a department, the body hung on the department's words
    ("Leila Haddad, head of European sales for Tarn Motors, opened the Lyon showroom.",
     ("Leila Haddad", "worksFor", "Tarn Motors")),
    ("Nora Quist, a Republican from Dayton, opposed the bill.", ("Nora Quist", "residentOf", "Dayton")),
    # a town, a bare "in" and its region; a town and its state, headed by the state
    ("The freighter sank off Murmansk in northern Russia.", ("Murmansk", "locatedIn", "Russia")),
    ("Snow cut off a village near Zermatt in the southern Alps.", ("Zermatt", "locatedIn", "Alps")),
    ("Rescuers reached a chalet near Briancon in the French Alps.", ("Briancon", "locatedIn", "Alps")),
    # "its" in a clause whose subject is an organization is that organization's; a descriptor
    # opening a sentence is no word of the name after it; an executive is on the staff
    ("The Norland Mutual Insurance Company picked Ines Berg, a former Halden Bank executive, as its next "
     "chief executive.", ("Ines Berg", "leaderOf", "Norland Mutual Insurance Company")),
    ("Insurer Norland Mutual picked Ines Berg, a former Halden Bank executive, as its next chief executive.",
     ("Ines Berg", "leaderOf", "Norland Mutual")),
    ("Insurer Norland Mutual picked Ines Berg, a former Halden Bank executive, as its next chief executive.",
     ("Ines Berg", "worksFor", "Halden Bank")),
    ("US chemicals giant Brandywine Polymers cut 500 jobs in the US.", ("Brandywine Polymers", "locatedIn", "United States")),
    ("Rosa Tan, a nurse who moved to Boise, Idaho, from Denver, was hired.", ("Rosa Tan", "residentOf", "Boise")),

])
def test_the_fact_is_read(nlp, text, fact):
    assert fact in _facts(nlp, text), _facts(nlp, text)


@pytest.mark.parametrize("text, fact", [
    # the one who names is not the one named
    ("Governor Ruth Alder named Omar Haddad deputy governor.", ("Ruth Alder", "holdsPosition", "deputy governor")),
    ("Dina Roy did not demand an apology from Karl Weiss.", ("Dina Roy", "calledForApologyFrom", "Karl Weiss")),
    # what one stops short of, one does not do
    ("Dina Roy stopped short of accusing Karl Weiss of lying.", ("Dina Roy", "accused", "Karl Weiss")),
    ("Dina Roy stopped short of criticising Karl Weiss.", ("Dina Roy", "criticized", "Karl Weiss")),
    # a nationality alone names no place of the article: no fact, no entity
    ("Finnish paper maker Nordpulp closed a mill.", ("Nordpulp", "locatedIn", "Finland")),
    ("Leeds, in London's view, matters less.", ("Leeds", "locatedIn", "London")),
    # a party is no company: its "chief executive" is not read as leading it
    ("The Green Party met in Leeds. Chief executive Tom Hale spoke.", ("Tom Hale", "leaderOf", "Green Party")),
    # items of a list are not where each other is
    ("Its targets are Bristol South, Derby North, Norwich East and Cambridge.",
     ("Bristol South", "locatedIn", "Derby North")),
    ("The Paris suburb of Vanves voted no.", ("Paris", "locatedIn", "Vanves")),
    # a question and an infinitive of what should be assert nothing
    ("Will Nora Quist quit? Her allies are divided.", ("Nora Quist", "resignedFrom", None)),
    ("Tomas Berg said it was time for Nora Quist to resign.", ("Nora Quist", "resignedFrom", None)),
    ("Nora Quist will remain in Leeds.", ("Nora Quist", "refusedToResign", None)),
    ("Nia Banda was not re-elected to the Harbour Board.", ("Nia Banda", "electedTo", "Harbour Board")),
    ("Nia Banda could be re-elected to the Harbour Board.", ("Nia Banda", "electedTo", "Harbour Board")),
    # who replaces X with Y does not replace X; a participle's own "by" is no agent of the verb above it
    ("Mayor Ruth Dale replaced Ian Kerr with Nina Ortiz.", ("Ruth Dale", "replaced", "Ian Kerr")),
    ("Nina Ortiz was appointed to fill the seat vacated by Carl Mayer.", ("Carl Mayer", "appointed", "Nina Ortiz")),
    ("Carl Mayer handed the files over to Nina Ortiz.", ("Nina Ortiz", "replaced", "Carl Mayer")),
    ("Nora Quist did not rule out resigning.", ("Nora Quist", "refusedToResign", None)),
    ("Nora Quist said the talks were going nowhere.", ("Nora Quist", "refusedToResign", None)),
    ("Nia Banda failed to win the governorship.", ("Nia Banda", "electedTo", "governorship")),
    ("Nia Banda was voted out as chair of the Harbour Board.", ("Nia Banda", "electedTo", "chair")),
    # a favourite, a frontrunner or one tipped is not (yet) the successor
    ("Nina Ortiz is the frontrunner to replace Carl Mayer.", ("Nina Ortiz", "replaced", "Carl Mayer")),
    ("Nina Ortiz has been tipped as Carl Mayer's successor.", ("Nina Ortiz", "replaced", "Carl Mayer")),
    ("Nora Quist told Tomas Berg that she would stand again.", ("Nora Quist", "interviewedBy", "Tomas Berg")),
    # a title that says whose it is is no bare post
    ("Tory leader Alan Frost spoke.", ("Alan Frost", "holdsPosition", "leader")),
    # a chief executive leads the company: the title read whole, not as one of its executives
    ("Omar Said, chief executive of Dunmore Energy, spoke.", ("Omar Said", "holdsPosition", "executive")),
    ("Ana Lind, head of marketing at Vexa Foods, resigned.", ("Ana Lind", "leaderOf", "Vexa Foods")),
    # a deputy does not lead ("deputy leader", "vice president" written apart, or before the name)
    ("Ines Morel is deputy leader of the Harbour Pilots Union.", ("Ines Morel", "leaderOf", "Harbour Pilots Union")),
    ("Harbour Pilots Union deputy leader Ines Morel spoke.", ("Ines Morel", "leaderOf", "Harbour Pilots Union")),
    # a body of members is no news outlet; a payroll, a radio station no body of members
    ("Kenji Sato spoke to the Osaka Chamber of Commerce about exports.",
     ("Kenji Sato", "interviewedBy", "Osaka Chamber of Commerce")),
    ("Kevin Osei has been on the payroll of the Ghana Cocoa Board since 2019.",
     ("Kevin Osei", "memberOf", "Ghana Cocoa Board")),
    ("Nora Quist was on Bergen Radio on Monday.", ("Nora Quist", "memberOf", "Bergen Radio")),
    # not done: before it, under a negated verb, called off, or a role one is only tipped for
    ("Before meeting Tomas Berg, Nora Quist flew home.", ("Nora Quist", "metWith", "Tomas Berg")),
    ("Nora Quist did not agree to meet Tomas Berg.", ("Nora Quist", "metWith", "Tomas Berg")),
    ("Nora Quist cancelled her meeting with Tomas Berg.", ("Nora Quist", "metWith", "Tomas Berg")),
    ("Nora Quist was tipped as leader of the Harbour Pilots Union.",
     ("Nora Quist", "leaderOf", "Harbour Pilots Union")),
    ("Nora Quist is one of the directors of the Bergen Harbour Trust.", ("Nora Quist", "leaderOf", "Bergen Harbour Trust")),
    ("Nora Quist applied to join the Harbour Pilots Union.", ("Nora Quist", "memberOf", "Harbour Pilots Union")),
    # a title is no place of a name ("Duke of Kent"), a word of a name no company ("House of X")
    ("The Duke of Kent opened the ward.", ("Duke", "locatedIn", "Kent")),
    ("Shares in House of Albery fell.", ("House", "locatedIn", "Albery")),
    # a refusal still governs what is refused
    ("Nora Quist refused to resign as chairman of Vexa Foods.", ("Nora Quist", "resignedFrom", None)),
    # a group the text does not tie to the people just named
    ("Ines Moreau and Paulo Reis spoke. Two men criticised Mayor Ruth Bay.", ("Paulo Reis", "criticized", "Ruth Bay")),
    ("Ines Moreau and Paulo Reis spoke. The three ministers criticised Mayor Ruth Bay.",
     ("Paulo Reis", "criticized", "Ruth Bay")),
    # a deputy leads nothing; of a party or a council one is a member, of a company an officer
    ("Ana Ruiz, vice president for sales at Kestrel Foods, spoke.", ("Ana Ruiz", "leaderOf", "Kestrel Foods")),
    ("Ana Ruiz, deputy leader of the Labour Party, spoke.", ("Ana Ruiz", "worksFor", "Labour Party")),
    # an occupation without an organization is no post, and its town no part of one
    ("Denver plumber Mike Sousa won the lottery.", ("Mike Sousa", "holdsPosition", "Denver plumber")),
    # who picks someone to lead does not lead; a member of a council is not its staff
    ("Mayor Ruth Bay tapped Omar Haddad on Monday to run the Harbour Trust.", ("Ruth Bay", "leaderOf", "Harbour Trust")),
    ("Ruth Bay's appointment of Omar Haddad as chief engineer of Vexa Foods was confirmed.",
     ("Ruth Bay", "holdsPosition", "chief engineer")),
    ("Councilwoman Ana Reyes of the Harwick Town Council voted no.", ("Ana Reyes", "worksFor", "Harwick Town Council")),
    # a superlative says how one is thought of, not which post one holds
    ("The mayor introduced Ana Ruiz as the world's greatest chef.", ("Ana Ruiz", "holdsPosition", "greatest chef")),
    # a department's word before a minister's title is no organization of the article
    ("Fisheries Minister Ines Lund refused to comment.", ("Ines Lund", "memberOf", "Fisheries")),
    # "nothing wrong" says no wrong; a name in apposition to an appointment is not its appointer
    ("Ian Coombes said Jill Harper had done nothing wrong.", ("Ian Coombes", "criticized", "Jill Harper")),
    ("Governor Lila Harmon's appointment of her former aide, Brett Keller, to the court drew criticism.",
     ("Brett Keller", "appointed", "Lila Harmon")),
    # what is blocked, vetoed or opposed did not happen for all the text says
    ("Ana Ruiz blocked Tom Lund's appointment as chief executive.", ("Tom Lund", "holdsPosition", "chief executive")),
    ("Ana Ruiz opposed Tom Lund's resignation.", ("Tom Lund", "resignedFrom", None)),
    # a plural noun the NER took for a name owns no title; a board left is no employer
    ("Nurses' leader Kofi Mensah dismissed the offer.", ("Kofi Mensah", "leaderOf", "Nurses")),
    ("Kofi Mensah refused to resign from the board of the Harbour Bank.", ("Kofi Mensah", "worksFor", "Harbour Bank")),
    # a negated intention says nothing happened: "is not going to attend", "does not want to meet"
    ("Ruth Bay is not going to attend the summit.", ("Ruth Bay", "attended", "summit")),
    # what a report or a rumour holds is not said, however the parse hangs its clause
    ("Reports that Ana Ruiz had resigned from Vexa Foods were false.", ("Ana Ruiz", "resignedFrom", "Vexa Foods")),
    # a country's name opening an organization's is a name, not a statement of where it is
    ("The Kenya Wildlife Service counted elephants.", ("Kenya Wildlife Service", "locatedIn", "Kenya")),
    ("The Kenya Wildlife Service counted elephants in Kenya.", ("Kenya Wildlife Service", "locatedIn", "Kenya")),
    # a list of towns, or of states, says nothing of where each lies
    ("Delegates came from Ohio, Texas and Florida.", ("Ohio", "locatedIn", "Texas")),
    ("Trains ran to Leeds, York, Hull and Bath.", ("York", "locatedIn", "Hull")),
    # a place that stands for an institution or a subject, or where one was born, is no home
    ("Pentagon spokesman Ed Ruiz declined to comment.", ("Ed Ruiz", "residentOf", "Pentagon")),
    ("Ana Wolf, a Russia expert, said the talks would fail.", ("Ana Wolf", "residentOf", "Russia")),
    ("Ana Wolf, a Denver native, now runs a bakery.", ("Ana Wolf", "residentOf", "Denver")),
    ("Carl Ives, a Chicago-born pianist, played twice.", ("Carl Ives", "residentOf", "Chicago")),
    # supporters of an organization do not speak for it
    ("Supporters of the Harbour Pilots Union jeered Mayor Ruth Bay.", ("Harbour Pilots Union", "criticized", "Ruth Bay")),
    # "no" on the noun of a phrase, "no longer" on its verb
    ("Ann Lowe said she had no confidence in Tom Fry.", ("Ann Lowe", "supported", "Tom Fry")),
    ("The Harbour Board passed a vote of no confidence in Tom Fry.", ("Harbour Board", "supported", "Tom Fry")),
    ("Ann Lowe no longer supports Tom Fry.", ("Ann Lowe", "supported", "Tom Fry")),
    ("Ann Lowe blamed the flooding on heavy rain, not on the Harbour Board.", ("Ann Lowe", "accused", "Harbour Board")),
    # asking not to go is no call; a call hung on the verb is no resignation of the caller
    ("Ann Lowe urged Tom Fry not to resign.", ("Ann Lowe", "calledForResignationOf", "Tom Fry")),
    ("Ann Lowe said the Harbour Board should not fire Tom Fry.", ("Ann Lowe", "calledForResignationOf", "Tom Fry")),
    ("Ann Lowe renewed her call for Tom Fry to resign.", ("Ann Lowe", "resignedFrom", None)),
    ("Ann Lowe said Tom Fry ought to resign.", ("Tom Fry", "resignedFrom", None)),
    ("Ann Lowe insisted that Tom Fry apologise.", ("Tom Fry", "apologizedTo", None)),
    ("Marco Reyes phoned Dana Whitlock to apologise.", ("Dana Whitlock", "apologizedTo", None)),
    ("Marco Reyes did not phone Dana Whitlock to apologise.", ("Marco Reyes", "apologizedTo", "Dana Whitlock")),
    ("Samuel Adeyemi spoke for an hour without criticising Grace Okonkwo.", ("Samuel Adeyemi", "criticized", "Grace Okonkwo")),
    ("Ann Lowe criticised the sacking of Tom Fry.", ("Ann Lowe", "criticized", "Tom Fry")),
    ("Ann Lowe was disappointed by the departure of Tom Fry.", ("Ann Lowe", "criticized", "Tom Fry")),
    ("Ann Lowe praised the way Tom Fry had handled the dispute.", ("Ann Lowe", "criticized", "Tom Fry")),
    ("The Fenwick Tenants Association did not back calls for Paul Sandoval to resign.",
     ("Fenwick Tenants Association", "calledForResignationOf", "Paul Sandoval")),
    ("Ruth Pell was not appointed chairman of Carrow Bank. The chairman resigned last week.",
     ("Ruth Pell", "resignedFrom", "chairman")),
    # a description's verb parsed as a participle leaves an infinitive as the sentence's verb: it asserts nothing
    ("Lord Harwood, the former cabinet secretary, spoke. The former cabinet secretary called for Tom Reid to resign.",
     ("Tom Reid", "resignedFrom", None)),
    ("Lord Harwood, the former cabinet secretary, spoke. The former cabinet secretary called for Tom Reid to resign.",
     ("Lord Harwood", "resignedFrom", "former cabinet secretary")),
    # sorry out of sympathy, or moved to something, is no apology
    ("Tom Fry said he was sorry for the family's loss.", ("Tom Fry", "apologizedTo", None)),
    ("Tom Fry felt sorry for Ann Lowe.", ("Tom Fry", "apologizedTo", None)),
    ("Tom Fry said he was sorry to see Ann Lowe go.", ("Tom Fry", "apologizedTo", None)),
    # a club's player, a party's activist; the container is the one named before "city of"
    ("Reading striker Tom Hale scored twice.", ("Tom Hale", "residentOf", "Reading")),
    ("Ines Duarte, a Green activist, organised the protest.", ("Ines Duarte", "residentOf", "Green")),
    ("The Texas town of Marfa held its first film festival.", ("Texas", "locatedIn", "Marfa")),
    # a country's office named before its title is no home; the brief of a secretary is no body
    ("Omar Haddad, an assistant U.S. attorney in Tampa, filed the charges.", ("Omar Haddad", "residentOf", "United States")),
    ("Secretary of Commerce Dana Pruitt flew to Ottawa.", ("Dana Pruitt", "memberOf", "Commerce")),
    ("Dana Pruitt, the secretary of state, flew to Ottawa.", ("Dana Pruitt", "memberOf", "state")),
    ("Sheikh Omar Bello, chief imam of the Great Mosque in Kano, led prayers.", ("Omar Bello", "residentOf", "Kano")),
    ("Tom Hale, a spokesman in Washington, declined to comment.", ("Tom Hale", "residentOf", "Washington")),
    ("Tomas Nowak, a member of the Metalworkers Union, said the Gdansk plant would close.",
     ("Metalworkers Union", "locatedIn", "Gdansk")),
    ("Halden Foods signed a supply deal with Ravi Shah.", ("Ravi Shah", "worksFor", "Halden Foods")),
    ("Halden Foods finance director Mira Solberg resigned.", ("Mira Solberg", "leaderOf", "Halden Foods")),
    ("Governor Rita Vance named appeals judge Omar Sato to the Tarn Supreme Court.",
     ("Omar Sato", "leaderOf", "Tarn Supreme Court")),
    ("The Bergen-headquartered Fjordline Ferries cut 40 jobs.", ("Bergen-headquartered", "locatedIn", "Bergen")),
    ("Kenya's President Daniel Kiprono opened the summit.", ("Daniel Kiprono", "residentOf", "Kenya")),
    ("United beat Leeds in London on Friday.", ("Leeds", "locatedIn", "London")),
    ("Rosa Tan, a nurse who moved to Boise, Idaho, from Denver, was hired.", ("Rosa Tan", "residentOf", "Idaho")),
    ("Halden Foods was fined on Monday. The Oslo regulator said the labels misled shoppers.",
     ("Halden Foods", "locatedIn", "Oslo")),
    ("The Norland Mutual Insurance Company picked Ines Berg, a former Halden Bank executive, as its next "
     "chief executive.", ("Ines Berg", "leaderOf", "Halden Bank")),
    # a wire dateline says where the story was filed, not what it reports
    ("ACCRA, Ghana (AP) — Floods closed the main roads on Monday.", ("Accra", "locatedIn", "Ghana")),
    ("SANTA FE, N.M. (AP) — Floods closed the main roads on Monday.", ("Santa Fe", "locatedIn", "New Mexico")),
    ("TROMSO, Norway — Floods closed the main roads on Monday.", ("Tromso", "locatedIn", "Norway")),
])
def test_the_fact_is_not_read(nlp, text, fact):
    assert fact not in _facts(nlp, text), _facts(nlp, text)


@pytest.mark.parametrize("text, places, not_names", [
    # items joined by "and" between commas: the list's "and" joins the parts of one name, the last item's too
    ("The union could swing these wards: Alder North, Harwick and Old Mill, Tarnby, Upton East and Fenwick, "
     "Rossmoor West, Kelby and Dunmere.",
     {"Alder North", "Harwick and Old Mill", "Tarnby", "Upton East and Fenwick", "Rossmoor West", "Kelby and Dunmere"},
     {"Harwick", "Old Mill", "Fenwick", "Kelby", "Dunmere"}),
    # with no such item, the last "and" ends the list, and every item is a place
    ("Trains ran to Leeds, York, Hull and Bath.", {"Leeds", "York", "Hull", "Bath"}, {"Hull and Bath"}),
    ("Flights to Paris, Lyon, Madrid, Lisbon and Porto were cancelled.", {"Porto", "Lisbon"}, set()),
])
def test_each_item_of_a_list_of_places_is_one_place(nlp, text, places, not_names):
    kinds = _kinds(nlp, text)
    assert all(kinds.get(p) == "place" for p in places), kinds
    assert not not_names & set(kinds), kinds


def test_a_list_of_people_is_no_list_of_places(nlp):
    kinds = _kinds(nlp, "Victoria Hale, Jordan Price, Ana North and Georgia Lee spoke.")
    assert {kinds.get(n) for n in ("Victoria Hale", "Jordan Price", "Ana North", "Georgia Lee")} == {"person"}, kinds


def _entities(nlp, text):
    return {e.label: (e.kind, set(e.names)) for e in nlp(text)._.kg_facts.entities}


@pytest.mark.parametrize("text, person, names", [
    # a given name (or initials) and a surname the text also gives a title is that person,
    # whatever the NER typed the full name
    ("The biggest investors are the racing tycoons KJ Brannagh and Tom Ollery. Mr Brannagh has not said how he "
     "will vote.", "KJ Brannagh", {"KJ Brannagh", "Mr Brannagh"}),
    ("The review was led by business trouble-shooter Ian Harcastle. Mr Harcastle found savings.",
     "Ian Harcastle", {"Ian Harcastle", "Mr Harcastle"}),
    # a given name and surname the NER missed after an honorific; "Sir" before the given name alone
    ('Dr Nell Ashcombe chairs the trust. "The board has failed patients," Dr Ashcombe said.',
     "Nell Ashcombe", {"Nell Ashcombe", "Dr Ashcombe"}),
    ('Sir Tom Ollery chairs the trust. "The board has failed patients," Sir Tom said.',
     "Tom Ollery", {"Tom Ollery", "Sir Tom"}),
])
def test_a_name_with_a_titled_surname_is_one_person(nlp, text, person, names):
    ents = _entities(nlp, text)
    assert ents.get(person, ("", set()))[0] == "person" and names <= ents[person][1], ents


def test_a_styled_name_typed_as_an_organization_is_the_same_person(nlp):
    ents = nlp("Cabinet Secretary Lord Penwick said no. Lord Penwick later met the envoy.")._.kg_facts.entities
    people = [e for e in ents if "Lord Penwick" in e.names]
    assert len(people) == 1 and people[0].kind == "person", [(e.label, e.kind, e.names) for e in ents]


@pytest.mark.parametrize("text, long, short", [
    # the first word of an organization's long name, said after it, is that organization
    ("Regulators are looking at insurance broker Dalby & Finch. Dalby has said it will cooperate.",
     "Dalby & Finch", "Dalby"),
])
def test_the_first_word_of_an_organization_is_that_organization(nlp, text, long, short):
    ents = _entities(nlp, text)
    assert short in ents.get(long, ("", set()))[1] and short not in ents, ents


@pytest.mark.parametrize("text", [
    # a place's name is no short form of a team named after it
    "Fans of Tarnby United cheered. The rain in Tarnby stopped.",
    # nor a name said before the long one, a part of it: "Orlen ... its Orlen Direct arm"
    "Sales at Orlen rose. Orlen said its Orlen Direct arm grew.",
])
def test_a_first_word_that_is_something_else_stays_apart(nlp, text):
    ents = _entities(nlp, text)
    assert not any(len(names) > 1 and {"Tarnby", "Orlen"} & names for _, names in ents.values()), ents


@pytest.mark.parametrize("text, name, kind", [
    # an organization's word cut from the name its "of" brings
    ("Shares in House of Albery fell.", "House of Albery", "organization"),
    ("She studied at the University of Tarnby.", "University of Tarnby", "organization"),
    # the NER stopped at the "and" of a ministry's name
    # a "who" clause is a person's; a resident's town; a street and the town after it
    ("Efua Mensa, who lives in Croydon, waited three years.", "Efua Mensa", "person"),
    ("Sanjay Rao, a resident of Oakhurst for 20 years, led the campaign.", "Oakhurst", "place"),
    ("John Harker, 62, of Wellbrook Lane, Marston, was fined.", "Marston", "place"),
    ("John Harker, 62, of Wellbrook Lane, Marston, was fined.", "Wellbrook Lane", "place"),
    # a styled name the NER passed over
    ("Tension grew with the chairman, Dame Helen Forsyth.", "Helen Forsyth", "person"),
    # names by convention: a title one person holds at a time, No 10, a campaign by its slogan
    ("She was made a dame by the Queen in 2019.", "Queen", "person"),
    ("A spokesman for No 10 said the talks went well.", "No 10", "organization"),
    ("The Leave Now campaign said the vote was rigged.", "Leave Now campaign", "organization"),
    # a title word that is also a given name, before a surname after a title or a comma
    ("Ria Lopes apologised to her coach, Dean Wallis, for missing the camp.", "Dean Wallis", "person"),
    # a nationality before a noun is no entity, whatever the NER typed it
    ("The monitor censured the Nigerien government.", "Nigerien", None),
    # a given name or an initial the NER left off; a preposition or a time it ran on with; a
    # royal title a place is named after; which part of a place
    ("Ella Mae Dobbins, 95, was honored on Tuesday.", "Ella Mae Dobbins", "person"),
    ("Rufus P. Blackwell died Friday.", "Rufus P. Blackwell", "person"),
    ("The new vicar takes over from the Rt Rev Colin Marsh in June.", "Colin Marsh", "person"),
    ("Ana Ruiz, a clerk at Hensley's Supermarket in Paducah, Ky., found the ticket.", "Hensley's Supermarket",
     "organization"),
    ("Potato farmers in Prince Edward Island lost their crops.", "Prince Edward Island", "place"),
    ("Two men were hurt in west Belfast on Tuesday.", "Belfast", "place"),
    ("Savings at the Department for Transport Roads and Housing were found.",
     "Department for Transport Roads and Housing", "organization"),
    # a place the NER ran into the party word after it
    ("The flyers were written by Leeds Tory activists, she said.", "Leeds", "place"),
    # the subject that opens a quotation, which the NER took for the title of a work; or its possessive
    ('"Norvik Mining has failed the town," said Alan Reed.', "Norvik Mining", "organization"),
    ('"Norvik Mining\'s handling of the spill was woeful," said Alan Reed.', "Norvik Mining", "organization"),
])
def test_a_name_the_ner_cut_or_missed_is_whole(nlp, text, name, kind):
    assert _kinds(nlp, text).get(name) == kind, _kinds(nlp, text)


def test_an_untagged_name_listed_with_organizations_is_one(nlp):
    """"Orbis, Kestrel and Valt" with "Valt" left untagged (the parse given, as the small model
    makes it on some sentences)."""
    from spacy.tokens import Doc

    from kg.extract.lexicon import LEXICON_PATH, load_lexicon
    from kg.extract.missed_organizations import conjunct_mentions

    words = ["Agencies", "-", "Orbis", ",", "Kestrel", "and", "Valt", "-", "cut", "it", "."]
    heads = [8, 0, 0, 0, 2, 4, 4, 8, 8, 8, 8]
    deps = ["nsubj", "punct", "appos", "punct", "appos", "cc", "conj", "punct", "ROOT", "dobj", "punct"]
    pos = ["NOUN", "PUNCT", "PROPN", "PUNCT", "PROPN", "CCONJ", "PROPN", "PUNCT", "VERB", "PRON", "PUNCT"]
    doc = Doc(nlp.vocab, words=words, heads=heads, deps=deps, pos=pos,
              ents=["O", "O", "B-ORG", "O", "B-ORG", "O", "O", "O", "O", "O", "O"])
    found = conjunct_mentions(doc, doc.ents, taken={2, 4}, lexicon=load_lexicon(LEXICON_PATH), sent_of=[0] * len(doc))
    assert [(m.name, m.label) for m in found] == [("Valt", "ORG")]


@pytest.mark.parametrize("text, name, kind", [
    # a sentence opened by where it happens names a place, whatever the NER typed it
    ("In Upton Vale, the vote was close.", "Upton Vale", "place"),
    # not a person's name nor a company's
    ("In Ana Ruiz, the party has a fighter.", "Ana Ruiz", "person"),
    ("In Acme Holdings, staff were told.", "Acme Holdings", "organization"),
])
def test_a_fronted_in_names_a_place(nlp, text, name, kind):
    assert _kinds(nlp, text).get(name) == kind, _kinds(nlp, text)



@pytest.mark.parametrize("text, team", [
    ("The coach said the Green Bay Pirates team trained twice on Sunday.", "Green Bay Pirates"),
    ("Fans of the Tampa Bay Pirates team filled the square after the final.", "Tampa Bay Pirates"),
    ("Ms Holt joined the Kansas City Herons team in May.", "Kansas City Herons"),
])
def test_a_plural_name_before_a_team_noun_is_an_organization(nlp, text, team):
    assert _kinds(nlp, text).get(team) == "organization", _kinds(nlp, text)


def test_a_place_before_a_team_noun_stays_a_place(nlp):
    assert _kinds(nlp, "Ms Holt joined the West Midlands team in May.").get("West Midlands") == "place"


@pytest.mark.parametrize("text, town, county", [
    ("She gave the annual Hollis Lecture in Thornbury, Gloucestershire.", "Thornbury", "Gloucestershire"),
    ("The plant in Ashby, Leicestershire, will close.", "Ashby", "Leicestershire"),
    ("He spoke at a dinner in Cullen, Banffshire, on Friday.", "Cullen", "Banffshire"),
])
def test_a_county_after_a_town_and_its_comma_is_a_place(nlp, text, town, county):
    kinds = _kinds(nlp, text)
    assert kinds.get(town) == "place" and kinds.get(county) == "place", kinds


def test_a_town_and_its_county_give_where_the_town_lies(nlp):
    assert ("Ashby", "locatedIn", "Leicestershire") in _facts(nlp, "The plant in Ashby, Leicestershire, will close.")


@pytest.mark.parametrize("text, club", [
    ("Ticket prices at Lake Utd will rise by five pounds next season.", "Lake Utd"),
    ("A late goal gave Port Utd their first away win since March.", "Port Utd"),
    ("Port Utd have signed a young goalkeeper on a two-year deal.", "Port Utd"),
])
def test_a_club_abbreviation_makes_an_organization(nlp, text, club):
    assert _kinds(nlp, text).get(club) == "organization", _kinds(nlp, text)


@pytest.mark.parametrize("text, name, kind", [
    # a town's name used as a given name, or where a person stands, is no town
    ("Marion Cotillard flew to Paris.", "Marion Cotillard", "person"),
    ("Tom Jackson spoke. A statement from Jackson followed.", "Tom Jackson", "person"),
    # one word of the trades is a name too ("Star Jones"): a given name and a surname are left, or nothing goes
    ("Star Jones hosted the show.", "Star Jones", None),
    # "it" and "its" that are someone else's, a capitalised plural opening a sentence
    ("Kemp said it was a disgrace.", "Kemp", "person"),
    ("Covid forced its closure.", "Covid", None),
    ("Management said it would cut jobs.", "Management", None),
    ("Shoppers queued outside the store.", "Shoppers", None),
])
def test_a_name_that_only_looks_like_a_town_or_a_trade_stays_itself(nlp, text, name, kind):
    kinds = _kinds(nlp, text)
    if kind is None:
        assert kinds.get(name.split()[-1]) not in ("place", "organization") and "Jones" not in kinds, kinds
    else:
        assert kinds.get(name) == kind, kinds


@pytest.mark.parametrize("text, items", [
    ("He visited Leeds, York and Hull last year.", {"Leeds", "York", "Hull"}),
    ("Ann Lee, Tom Ward and Sam Hunt founded the band.", {"Ann Lee", "Tom Ward", "Sam Hunt"}),
])
def test_a_list_of_names_is_no_firm(nlp, text, items):
    kinds = _kinds(nlp, text)
    assert items <= set(kinds), kinds


def test_one_who_replaces_another_as_a_post_holds_it_and_the_other_held_it(nlp):
    facts = _facts(nlp, "Rosa Klein has replaced Peter Dunn as head teacher of Millfield Primary School.")
    assert ("Rosa Klein", "replaced", "Peter Dunn") in facts, facts
    assert ("Rosa Klein", "holdsPosition", "head teacher") in facts, facts
    assert ("Peter Dunn", "holdsPosition", "head teacher") in facts, facts   # a post held before is a fact


def test_a_campaign_co_ordinator_apposed_to_a_call_is_whom_it_is_made_of(nlp):
    text = "The Liberal Democrats called for the Conservatives' campaign co-ordinator, Ruth Penn, to quit."
    facts = _facts(nlp, text)
    assert ("Liberal Democrats", "calledForResignationOf", "Ruth Penn") in facts, facts
    assert ("Ruth Penn", "holdsPosition", "campaign co-ordinator") in facts, facts


def test_a_title_owned_by_a_name_is_not_the_callers_post(nlp):
    facts = _facts(nlp, "Greenpeace called for Veltro's campaign director, Ivo Marsh, to resign.")
    assert ("Greenpeace", "calledForResignationOf", "Ivo Marsh") in facts, facts
    assert not {f for f in facts if f[0] == "Ivo Marsh" and f[2] == "Greenpeace"}, facts


@pytest.mark.parametrize("text", [
    "Premier Hugo Santander withdrew his support for Governor Ana Lima on Monday.",
    "The Farmers' Union withdrew its backing for Tom Hale.",
])
def test_support_withdrawn_is_no_support(nlp, text):
    facts = _facts(nlp, text)
    assert not {f for f in facts if f[1] == "supported"}, facts


@pytest.mark.parametrize("text", [
    "Foreign Minister Lena Berg attended the NATO meeting in Brussels.",
    "Lena Berg went straight to the NATO meeting.",
])
def test_an_organizations_meeting_is_the_event_attended(nlp, text):
    facts = _facts(nlp, text)
    assert ("Lena Berg", "attended", "NATO meeting") in facts, facts


@pytest.mark.parametrize("text", [
    "An editorial in the Northern Courier said Ewan Galt should resign.",
    "An editorial in the Northern Courier on Friday called for Ewan Galt to resign.",
])
def test_a_papers_editorial_calls_in_the_papers_name(nlp, text):
    facts = _facts(nlp, text)
    assert ("Northern Courier", "calledForResignationOf", "Ewan Galt") in facts, facts


@pytest.mark.parametrize("text, fact", [
    ("In an interview with the Lakeside Chronicle, Dara Quinn said the ferry would run.",
     ("Dara Quinn", "interviewedBy", "Lakeside Chronicle")),
    ("Pilar Ortega, in comments to Bloomberg, said the mine would reopen.", ("Pilar Ortega", "interviewedBy", "Bloomberg")),
    ("In talks with Anika Roth, Piet Maas raised the pension gap.", ("Piet Maas", "metWith", "Anika Roth")),
])
def test_a_nominal_the_clause_opens_with_is_its_subjects(nlp, text, fact):
    facts = _facts(nlp, text)
    assert fact in facts, facts


def test_a_nominal_the_clause_opens_with_is_not_said_of_its_object(nlp):
    facts = _facts(nlp, "In an interview with the Lakeside Chronicle, the harbour master said Dara Quinn was wrong.")
    assert not {f for f in facts if f[1] == "interviewedBy"}, facts


def test_a_group_phrase_after_names_conjoined_as_objects_is_those_people(nlp):
    facts = _facts(nlp, "Tom Hale met Ann Price and Rosa Klein in Leeds. The two women later criticised him.")
    assert ("Ann Price", "criticized", "Tom Hale") in facts, facts
    assert ("Rosa Klein", "criticized", "Tom Hale") in facts, facts


def test_a_papers_editorial_backs_in_the_papers_name(nlp):
    facts = _facts(nlp, "An editorial in the Millhaven Tribune backed Carla Mendez for governor.")
    assert ("Millhaven Tribune", "supported", "Carla Mendez") in facts, facts


def test_a_body_named_before_a_title_does_not_make_its_holder_a_body(nlp):
    """The parse the small model can give "X criticised Tarn County Council chief executive Ruth
    Hale", the council's last word hung on the name: the council's word is no descriptor of her."""
    from kg.extract.kinds import kind_vote
    from kg.extract.lexicon import load_lexicon
    from kg.extract.mentions import find_mentions

    words = ["Reid", "criticised", "Tarn", "County", "Council", "chief", "executive", "Ruth", "Hale", "."]
    heads = [1, 1, 3, 4, 8, 6, 8, 8, 1, 1]
    deps = ["nsubj", "ROOT", "compound", "compound", "nmod", "amod", "compound", "compound", "dobj", "punct"]
    pos = ["PROPN", "VERB", "PROPN", "PROPN", "PROPN", "NOUN", "NOUN", "PROPN", "PROPN", "PUNCT"]
    ents = ["B-PERSON", "O", "B-ORG", "I-ORG", "I-ORG", "O", "O", "B-PERSON", "I-PERSON", "O"]
    doc = _parsed(nlp, words, heads, deps, pos, ents)
    lexicon = load_lexicon()
    hale = next(m for m in find_mentions(doc, lexicon=lexicon) if m.name == "Ruth Hale")
    assert kind_vote(hale, doc, lexicon, False)[0] == "person"


def _parsed(nlp, words, heads, deps, pos, ents):
    """A Doc as the small model can parse it (for readings of parses it gives only now and then)."""
    from spacy.tokens import Doc

    tags = {"PROPN": "NNP", "VERB": "VBD", "NOUN": "NN", "DET": "DT", "PART": "POS", "ADP": "IN", "PUNCT": "."}
    lemmas = {"threw": "throw", "criticised": "criticise"}
    return Doc(nlp.vocab, words=words, heads=heads, deps=deps, pos=pos, tags=[tags[p] for p in pos], ents=ents,
               lemmas=[lemmas.get(w, w.lower()) for w in words])


def test_a_verb_the_ner_ran_into_a_name_and_a_place_before_a_titled_name(nlp):
    """"[Bishop Tom Fry threw] ... behind [Kisumu] Governor [Ann Lowe]", the NER running the verb
    into the name and the parse making the place the preposition's object, the name its
    apposition: the name is "Tom Fry", and the one supported is Ann Lowe."""
    from kg.extract.pipeline import extract

    words = ["Bishop", "Tom", "Fry", "threw", "the", "diocese", "'s", "weight", "behind", "Kisumu", "Governor",
             "Ann", "Lowe", "."]
    heads = [2, 2, 3, 3, 5, 7, 5, 3, 7, 8, 12, 12, 9, 3]
    deps = ["compound", "compound", "nsubj", "ROOT", "det", "poss", "case", "dobj", "prep", "pobj", "compound",
            "compound", "appos", "punct"]
    pos = ["PROPN", "PROPN", "PROPN", "VERB", "DET", "NOUN", "PART", "NOUN", "ADP", "PROPN", "PROPN", "PROPN",
           "PROPN", "PUNCT"]
    ents = ["B-PERSON", "I-PERSON", "I-PERSON", "I-PERSON", "O", "O", "O", "O", "O", "B-GPE", "O", "B-PERSON",
            "I-PERSON", "O"]
    doc = _parsed(nlp, words, heads, deps, pos, ents)
    record = extract(doc, name="t", sha256="0" * 64, nlp=nlp)
    labels = {e.key: e.label for e in record.entities}
    facts = {(labels[f.subject], f.predicate, labels.get(f.object.value) if f.object else None) for f in record.facts}
    assert "Tom Fry" in labels.values() and "Tom Fry threw" not in labels.values(), labels
    assert ("Tom Fry", "supported", "Ann Lowe") in facts and ("Tom Fry", "supported", "Kisumu") not in facts, facts


@pytest.mark.parametrize("text, fact", [
    # a wire dateline is no part of the sentence it opens; its agency is the story's source, no name in it
    ("LIMA, Peru (AP) — The Andean Teachers Council on Thursday urged broadcaster Rosa Quispe to apologise for her remarks.",
     ("Andean Teachers Council", "calledForApologyFrom", "Rosa Quispe")),
    ("TALCA, Chile (AP) — Diego Rojas took over from Ana Ruiz as president of the Chilean Rowing Federation on Saturday.",
     ("Diego Rojas", "leaderOf", "Chilean Rowing Federation")),
    ("OSLO (Reuters) — Councillor Nora Berg accused Fjordline Buses of overcharging pensioners.",
     ("Nora Berg", "accused", "Fjordline Buses")),
    ("MAPLE FALLS, Ore. (AP) — The Maple Falls Ledger fired its editor. The newspaper's sports editor, Tom Dale, "
     "resigned.", ("Tom Dale", "worksFor", "Maple Falls Ledger")),
])
def test_a_wire_dateline_is_no_part_of_its_first_sentence(nlp, text, fact):
    facts = _facts(nlp, text)
    assert fact in facts, facts
    assert not {f for f in facts if "AP" in f or "Reuters" in f}, facts


@pytest.mark.parametrize("text, place", [
    ("ST. PAUL, Minn. (AP) — Mayor Lena Holm opened a park.", "St. Paul"),
    ("LA PAZ, Bolivia (AP) — Floods closed the main roads.", "La Paz"),
    ("DENVER (AP) — Shares rose in Denver on Monday.", "Denver"),
    ("RIVERTON >> Floods closed the main roads on Monday.", "Riverton"),
])
def test_a_datelines_town_is_one_place_written_the_ordinary_way(nlp, text, place):
    d = nlp(text)._.kg_facts
    kinds = {e.label: e.kind for e in d.entities}
    assert kinds.get(place) == "place", kinds
    assert not [label for label in kinds if label.isupper() or label in ("St", "Paul", "AP")], kinds


@pytest.mark.parametrize("text, start", [
    ("DAKAR, Senegal (AP) — Floods closed roads.", 7),
    ("SANTA FE, N.M. (AP) — Floods closed roads.", 8),
    ("JOHANNESBURG — Floods closed roads.", 2),
    ("NASA - the space agency - said it would launch.", None),
    ("Floods closed roads in DAKAR.", None),
    ("FBI - the bureau - said it would act.", None),
])
def test_where_a_wire_dateline_ends(nlp, text, start):
    from kg.extract.paragraphs import dateline_end

    assert dateline_end(nlp.make_doc(text)) == start


@pytest.mark.parametrize("text, start, end, label, name", [
    # a hyphenated given name the NER cut at its hyphen (not "Tom Hale-led": a modifier)
    ("Interior Minister Han Min-jun resigned.", 2, 4, "PERSON", "Han Min-jun"),
    ("The Tom Hale-led board resigned.", 1, 3, "PERSON", "Tom Hale"),
    # a dash set apart ends a name the NER ran on past it
    ("Tom Hale - the mayor - resigned.", 0, 4, "PERSON", "Tom Hale"),
    # a club's town word the NER left off
    ("Eastbrook Rovers chairman Colin Pratt backed the manager.", 1, 2, "ORG", "Eastbrook Rovers"),
])
def test_a_name_the_ner_cut_or_ran_on_is_made_whole(nlp, text, start, end, label, name):
    from spacy.tokens import Span

    from kg.extract.lexicon import load_lexicon
    from kg.extract.spans import complete

    doc = nlp(text)
    doc.ents = [Span(doc, start, end, label=label)]   # the one name, as the NER would have cut it
    assert complete(doc.ents[0], lexicon=load_lexicon()).text == name


def test_a_surname_said_to_be_someone_brings_its_full_name_the_ner_passed_over(nlp):
    from kg.extract.lexicon import load_lexicon
    from kg.extract.missed_people import described_surname_mentions
    from kg.extract.tokens import sentence_index

    doc = nlp("The rowing union thanked Mamadou Sarr on Monday. Sarr, who had led the union for a decade, retired.")
    doc.ents = []   # as the NER leaves a name whose given name it does not know
    found = described_surname_mentions(doc, taken=set(), lexicon=load_lexicon(), sent_of=sentence_index(doc))
    assert sorted(m.name for m in found) == ["Mamadou Sarr", "Sarr"]


@pytest.mark.parametrize("text", [
    "Tralee mayor Nora Keane opened the bridge.",
    "The union met Quebec Premier Luc Gagnon on Monday.",
    "Bexar County Sheriff Ray Ortiz said the road was closed.",
    "Ohio's governor, Dana Reyes, signed the bill.",
])
def test_a_place_before_an_executives_title_names_the_office_not_a_home(nlp, text):
    """News readers take "Tralee mayor X" for the office's place, not a statement of where X
    lives (the dev gold marks such a residence optional; wire readers leave it out)."""
    assert not {f for f in _facts(nlp, text) if f[1] == "residentOf"}


@pytest.mark.parametrize("text, fact", [
    # a place's name of two words before "-based", or a capitalised noun there inside a sentence
    ("The Buenos Aires-based bank Banco Oriente cut its rates.", ("Banco Oriente", "locatedIn", "Buenos Aires")),
    ("Verdant Labs, a Riverside-based maker of sensors, raised money.", ("Verdant Labs", "locatedIn", "Riverside")),
    # a cardinal is a post of the church, as a bishop is
    ("Cardinal Paolo Benedetti said Mass in Turin.", ("Paolo Benedetti", "holdsPosition", "Cardinal")),
])
def test_places_and_posts_said_in_a_word_before_the_name(nlp, text, fact):
    assert fact in _facts(nlp, text)


def test_a_sentences_first_word_before_based_is_no_place(nlp):
    assert _kinds(nlp, "Faith-based groups objected to the plan.").get("Faith") is None


@pytest.mark.parametrize("text, label, name", [
    ("Ruth Obi, who leads the Civic Renewal party, spoke.", "Civic Renewal party", "Civic Renewal"),
    ("Jon Kim, head of the Harbor Pilots union, spoke.", "Harbor Pilots union", "Harbor Pilots"),
])
def test_a_body_named_with_its_lowercase_noun_is_also_known_without_it(nlp, text, label, name):
    entity = next(e for e in nlp(text)._.kg_facts.entities if e.label == label)
    assert name in entity.names


def test_a_surname_of_two_words_after_the_full_name_is_the_same_person(nlp):
    kinds = _kinds(nlp, "Voters chose Ana Sol Barrios on Monday. Sol Barrios, a Green Party member, won easily.")
    assert [label for label, kind in kinds.items() if kind == "person"] == ["Ana Sol Barrios"], kinds


def test_the_words_of_a_name_before_its_head_the_ner_left_off_are_part_of_it(nlp):
    labels = set(_kinds(nlp, "The Tarnby Chamber Orchestra said its music director, Ola Berg, would retire."))
    assert "Tarnby Chamber Orchestra" in labels, labels


def test_a_trade_before_a_name_is_no_place_whatever_the_ner_typed_it(nlp):
    kinds = _kinds(nlp, "Violinist Marta Kowal has played with the Tarnby Chamber Orchestra since 2011.")
    assert "place" not in kinds.values(), kinds
    assert ("Marta Kowal", "memberOf", "Tarnby Chamber Orchestra") in _facts(
        nlp, "Violinist Marta Kowal has played with the Tarnby Chamber Orchestra since 2011.")


@pytest.mark.parametrize("text, post", [
    ("Municipal commissioner Lena Brandt closed two schools.", "Municipal commissioner"),
    ("Regional councillor Omar Haddad voted against the budget.", "Regional councillor"),
    ("Provincial Judge Ana Brandt dismissed the case.", "Provincial Judge"),
])
def test_the_level_of_government_before_a_title_is_part_of_the_post(nlp, text, post):
    assert post in {f[2] for f in _facts(nlp, text) if f[1] == "holdsPosition"}


def test_a_titles_possessive_inside_a_bodys_name_keeps_the_name_whole(nlp):
    kinds = _kinds(nlp, "The Federal Prosecutor's Office has charged Rodrigo Vela with bribery.")
    assert kinds.get("Federal Prosecutor's Office") == "organization", kinds
