"""The rules page: this game's variant of Hearts, as structured text.

Every string is marked for translation; :func:`rules` gives the page in one
language as a list of :class:`Section` (a heading and blocks, each block a
paragraph or a bullet list) for the UI to render:

    >>> from hearts.text.i18n import Translator
    >>> page = rules(Translator("en"))
    >>> page[0].heading
    'What you play for'
    >>> page[0].blocks[0].kind
    'p'
"""

from __future__ import annotations

from typing import NamedTuple

from .i18n import N_, Translator


class Block(NamedTuple):
    kind: str  # "p": one paragraph in texts[0]; "ul": a bullet per text
    texts: tuple[str, ...]


class Section(NamedTuple):
    heading: str
    blocks: tuple[Block, ...]


def _p(text: str) -> Block:
    return Block("p", (text,))


def _ul(*texts: str) -> Block:
    return Block("ul", texts)


RULES: tuple[Section, ...] = (
    Section(N_("What you play for"), (
        _p(N_("Hearts is a game for four, and you want as few points as possible. "
              "Every heart you take in a trick costs you 1 point, and the queen of "
              "spades costs 13. When the game ends, the lowest total wins.")),
    )),
    Section(N_("The deal"), (
        _p(N_("The whole 52-card deck is dealt: 13 cards each. In every suit the ace "
              "is the highest card and the 2 the lowest. There are no trumps and no "
              "partners: everyone plays for themselves.")),
        _p(N_("You sit at the bottom of the table. West is on your left, North "
              "opposite you and East on your right, and play goes round in that "
              "order, clockwise.")),
    )),
    Section(N_("Passing cards"), (
        _p(N_("After the deal, everyone picks three cards to give away. Where they "
              "go changes from hand to hand:")),
        _ul(
            N_("1st hand: to the player on your left"),
            N_("2nd hand: to the player on your right"),
            N_("3rd hand: to the player across the table"),
            N_("4th hand: no passing, everyone keeps their cards"),
        ),
        _p(N_("Then the cycle starts again and runs for the whole game, tie-break "
              "hands included. Everyone's three cards change hands at the same "
              "moment, so you choose yours before you see what you will get.")),
    )),
    Section(N_("Playing the tricks"), (
        _ul(
            N_("Whoever holds the 2 of clubs must lead it to the first trick."),
            N_("If you have a card of the suit that was led, you must play one. If "
               "you are void in that suit, you may play any card: that is called "
               "discarding."),
            N_("The highest card of the suit that was led takes the trick; cards "
               "of other suits never win it. Whoever takes the trick leads the "
               "next one."),
            N_("On the first trick, hearts and the queen of spades are not allowed, "
               "unless your hand gives you no other choice: then you may play one "
               "of them."),
        ),
    )),
    Section(N_("Breaking hearts"), (
        _ul(
            # TRANSLATORS: "discard" is the card-game word for playing a card of
            # another suit when you cannot follow: fi sakata, nb kaste, lt numesti,
            # nl afleggen (see i18n/README.md).
            N_("Hearts are broken the first time someone discards a heart: plays one "
               "to a trick in which another suit was led. That can happen on the "
               "first trick too, if the player has nothing else they may play."),
            N_("A trick led with a heart does not break hearts, even when the others "
               "follow suit with hearts. The queen of spades never breaks them."),
            N_("Until hearts are broken you may not lead a heart, unless you have "
               "nothing but hearts left in your hand. That holds after a trick led "
               "with a heart, too."),
        ),
    )),
    Section(N_("Scoring"), (
        _ul(
            N_("At the end of a hand, after 13 tricks, each heart you took is 1 "
               "point and the queen of spades is 13: 26 points in every hand."),
            N_("Shooting the moon: if you take all 26 points yourself, you score 0 "
               "for that hand and each of the other three players scores 26."),
            N_("Your points add up from hand to hand. Low is good."),
        ),
    )),
    Section(N_("The end of the game"), (
        _ul(
            N_("When a hand ends with at least one player on 100 points or more, "
               "the game is over. The lowest total wins."),
            N_("If two or more players share the lowest total, one more hand is "
               "played, and again if needed, until a single player is lowest."),
        ),
    )),
    Section(N_("Where the cards come from"), (
        _p(N_("Every game has a seed, a whole number, and each hand's cards follow "
              "from the seed and the hand's number alone, counted from 0: the first "
              "hand of a game is hand 0. Nothing anyone plays changes what is dealt.")),
        _p(N_("During a hand, the menu shows the deal's fingerprint; after the hand, "
              "the game shows its seed too. With the two you can check that the cards "
              "were fixed before the hand began:")),
        _ul(
            # TRANSLATORS: keep hearts:SEED:HAND, hearts:42:0, the command and
            # 54177e5ec835 exactly as they are: they are what a computer reads.
            N_("The fingerprint is the first 12 hex digits of the SHA-256 hash of the "
               "text hearts:SEED:HAND, for example hearts:42:0 for seed 42, hand 0. "
               "Any SHA-256 tool computes it: printf 'hearts:42:0' | sha256sum starts "
               "with 54177e5ec835."),
            N_("The deal: the same text through SHAKE-128 gives 208 bytes. Number the "
               "cards from 0 to 51: clubs, diamonds, hearts, spades, each from the 2 to "
               "the ace. Card n's key is bytes 4n to 4n+3 read as a little-endian number. "
               "Sort the cards by their keys, the lower number first when two keys are "
               "equal: the first 13 cards are yours, the next 13 West's, then North's, "
               "then East's."),
            # TRANSLATORS: keep the command exactly as it is.
            N_("The game's own command python -m hearts.dev.deal SEED HAND prints the "
               "fingerprint and the four hands."),
        ),
    )),
    Section(N_("Computer players"), (
        _p(N_("Your opponents know only what a player in their seat could know: "
              "their own cards, the cards they passed and received, and every card "
              "played so far. They never look at your hand.")),
        _ul(
            N_("Easy: tries not to take points in the trick being played."),
            N_("Normal: passes its dangerous cards, follows suit low, gets rid of "
               "the queen of spades at a good moment and keeps track of whether "
               "hearts are broken."),
            N_("Hard: also remembers who has run out of which suit, notices when "
               "someone is trying to shoot the moon and changes its play to stop it. "
               "It chooses which of its most dangerous cards to pass by playing the "
               "hand out with each choice, reads what the others' plays say about their cards, and once "
               "someone could reach 100 points in the hand, it plays to win the game, "
               "not just to take few points."),
        ),
    )),
)


def rules(tr: Translator) -> list[Section]:
    """The rules page in ``tr``'s language."""
    return [
        Section(tr.gettext(s.heading), tuple(Block(b.kind, tuple(tr.gettext(t) for t in b.texts)) for b in s.blocks))
        for s in RULES
    ]
