"""Hannibal's procedures: every place the game waits, with who decides, its prompt, its legal
actions and its handler (the table of :mod:`legatus.core.procedures`).

The stack nests as the rules do: TURN → PLAY → OPS → TAKE → MOVE → REACT (the non-active
player) → ROLL, or MOVE → BATTLE → ATTACK / MATCH / COUNTER → RETREAT → REMOVE_PC.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from legatus.core.game import CHANCE
from legatus.core.procedures import Procedure, Procedures

from .notation import CARTHAGE, KINDS, ROME, SIDES
from .rules import base, battle, events, movement, politics, reactions, sieges, strategy, turn, walls
from .rules.base import other, own_plain_pcs

if TYPE_CHECKING:
    from .state import HannibalState

St = "HannibalState"


def _chance(st: HannibalState) -> int:
    return CHANCE


def _seat(st: HannibalState) -> int:
    return st.stack[-1][1]


def _fixed(seat: int) -> Callable[[HannibalState], int]:
    return lambda st: seat


def _words(*words: str) -> Callable[[HannibalState], tuple[int, ...]]:
    return lambda st: tuple(sorted(st.n.SIMPLE[w] for w in words))


def _spaces(verb: str, spaces: Callable[[HannibalState], list[int]],
            extra: tuple[str, ...] = ()) -> Callable[[HannibalState], tuple[int, ...]]:
    def legal(st: HannibalState) -> tuple[int, ...]:
        first = st.n.SPACE[verb]
        return tuple(sorted([first + s for s in spaces(st)] + [st.n.SIMPLE[w] for w in extra]))
    return legal


def _never(st: HannibalState, action: int) -> None:  # pragma: no cover - a driver never waits
    raise AssertionError("the turn driver takes no action")


# --- the die -----------------------------------------------------------------------------------
ROLLS: dict[int, tuple[str, Callable[..., None]]] = {
    movement.R_PASS: ("pass attrition (H49)", movement.pass_attrition),
    movement.R_NAVAL: ("naval combat, rolled by Rome (H58)", movement.naval_roll),
    movement.R_BACK_NAVAL: ("naval combat backing up by sea (H61)", movement.back_naval_roll),
    reactions.R_INTERCEPT: ("interception (H64)", reactions.intercept_roll),
    reactions.R_AVOID: ("Avoid Battle (H69)", reactions.avoid_roll),
    reactions.R_PURSUIT: ("pursuit (H71)", reactions.pursuit_roll),
    battle.R_COMMAND: ("the change of command (H40)", battle.command_roll),
    battle.R_STORMS: ("Storms at Sea (#60)", battle.storms_roll),
    reactions.R_HOSTILE: ("Hostile Tribes (#7, #8)", reactions.hostile_roll),
    battle.R_CHARGE: ("the elephant charge (H77)", battle.charge_roll),
    battle.R_COUNTER: ("the counterattack (H79)", battle.counter_roll),
    battle.R_WITHDRAW: ("the withdrawal (H80)", battle.withdraw_roll),
    battle.R_CANCEL: ("cancelling the withdrawal (H80)", battle.cancel_roll),
    battle.R_CASUALTIES: ("battle casualties (H82)", battle.casualties_roll),
    battle.R_RETREAT: ("the Retreat Table (H83)", battle.retreat_roll),
    sieges.R_SIEGE: ("the Siege Table (H95)", sieges.siege_roll),
    politics.R_WINTER: ("winter attrition (H106)", politics.winter_roll),
    events.R_EVENT_ATTRITION: ("the event's attrition", events.event_attrition_roll),
    events.R_MERCENARIES: ("Mercenaries Desert (#21)", events.mercenaries_roll),
}


def _roll(st: HannibalState, action: int) -> None:
    frame = st.stack[-1]
    ROLLS[frame[1]][1](st, action - st.n.ROLL + 1, *frame[2:])


def _roll_prompt(st: HannibalState) -> str:
    return f"Roll a die for {ROLLS[st.stack[-1][1]][0]}."


# --- small handlers ---------------------------------------------------------------------------
def _elect(st: HannibalState, action: int) -> None:
    st.goto(base.CONSUL, action - st.n.ELECT)


def _consul(st: HannibalState, action: int) -> None:
    turn.place_consul(st, st.stack[-1][1], action - st.n.SPACE["consul"])


def _reinforce(st: HannibalState, action: int) -> None:
    side = st.stack[-1][1]
    if action == st.n.SIMPLE["forgo"]:
        st.queue = st.queue[1:]
        st.end()
    else:
        turn.place_reinforcement(st, side, action - st.n.SPACE["reinforce"])


def _reinforce_spaces(st: HannibalState) -> list[int]:
    if st.stack[-1][1] == CARTHAGE:
        return turn.carthage_spaces(st, st.queue[0])
    return turn.rome_reinforcement_spaces(st, *st.queue)


def _return(st: HannibalState, action: int) -> None:
    g = st.stack[-1][1]
    st.gen_at[g] = action - st.n.SPACE["place"]
    st.stamp[g] = 0  # he joins as a subordinate unless alone
    st.end()


def _proconsul(st: HannibalState, action: int) -> None:
    st.proconsul = -1 if action == st.n.SIMPLE["no proconsul"] else action - st.n.PROCONSUL
    st.end()


def _proconsul_legal(st: HannibalState) -> tuple[int, ...]:
    return tuple(sorted([st.n.PROCONSUL + g for g in turn.proconsul_candidates(st)] + [st.n.SIMPLE["no proconsul"]]))


def _remove_pc(st: HannibalState, action: int) -> None:
    base.remove_pc(st, action - st.n.SPACE["remove pc"])


def _side_word(st: HannibalState) -> str:
    return SIDES[st.stack[-1][1]].capitalize()


def _deal_legal(st: HannibalState) -> tuple[int, ...]:
    return tuple(st.n.DRAW + c - 1 for c in sorted(st.deck))


def _bdeal_legal(st: HannibalState) -> tuple[int, ...]:
    return tuple(st.n.BDRAW + k for k in range(6) if st.bdeck[k])


def _random_legal(st: HannibalState) -> tuple[int, ...]:
    return tuple(st.n.TAKE_CARD + c - 1 for c in sorted(st.hands[st.stack[-1][1]]))


P = Procedure
TABLE: Procedures[HannibalState] = Procedures({
    base.TURN: P("turn", _chance, lambda st: "The turn goes on.", lambda st: (), _never, resume=turn.advance),
    base.ROLL: P("roll", _chance, _roll_prompt, lambda st: tuple(range(st.n.ROLL, st.n.ROLL + 6)), _roll),
    base.DEAL: P("deal", _chance, lambda st: f"Deal {SIDES[st.stack[-1][1]]} card "
                 f"{strategy.hand_size(st) - st.stack[-1][2] + 1} of {strategy.hand_size(st)}.",
                 _deal_legal, lambda st, a: strategy.deal(st, a - st.n.DRAW + 1)),
    base.BDEAL: P("battle deal", _chance, lambda st: f"Deal {SIDES[st.stack[-1][1]]} a battle card "
                  f"({st.stack[-1][2]} to go).", _bdeal_legal, battle.deal),
    base.ELECT: P("election", _chance, lambda st: "Draw a consul from the pool (H22).",
                  lambda st: tuple(st.n.ELECT + g for g in turn.consul_pool(st)), _elect),
    base.RESHUFFLE: P("reshuffle", _chance, lambda st: "Reshuffle the strategy cards (H26).",
                      _words("reshuffle strategy cards"), lambda st, a: strategy.reshuffle(st)),
    base.REINFORCE: P("reinforcements", _seat, turn.reinforce_prompt,
                      lambda st: _spaces("reinforce", _reinforce_spaces,
                                         ("forgo",) if st.stack[-1][1] == CARTHAGE else ())(st), _reinforce),
    base.RETURN: P("return of a General", _fixed(CARTHAGE),
                   lambda st: f"Carthage places {st.game.generals[st.stack[-1][1]].name} with its CUs (H16).",
                   _spaces("place", lambda s: turn.return_spaces(s, s.stack[-1][1])), _return),
    base.AFRICANUS: P("Scipio Africanus", _fixed(ROME), lambda st: "Rome places Scipio Africanus and 5 CUs (H19).",
                      _spaces("place", turn.africanus_spaces),
                      lambda st, a: turn.place_africanus(st, a - st.n.SPACE["place"])),
    base.PROCONSUL: P("proconsul", _fixed(ROME), lambda st: "Rome may name a Proconsul (H20).", _proconsul_legal,
                      _proconsul),
    base.CONSUL: P("consul", _fixed(ROME),
                   lambda st: f"Rome places consul {st.game.generals[st.stack[-1][1]].name} (H23).",
                   lambda st: _spaces("consul", lambda s: turn.consul_spaces(s, s.stack[-1][1]))(st), _consul),
    base.OPENING: P("opening", _fixed(ROME), lambda st: "Will Rome open with a Campaign card (H27)?",
                    strategy.opening_legal,
                    lambda st, a: strategy.answer_opening(st, a == st.n.SIMPLE["open with campaign"])),
    base.FIRST: P("first player", _fixed(CARTHAGE), lambda st: "Carthage chooses who plays first (H27).",
                  _words("rome first", "carthage first"),
                  lambda st, a: strategy.choose_first(st, ROME if a == st.n.SIMPLE["rome first"] else CARTHAGE)),
    base.PLAY: P("card play", _seat, lambda st: f"{_side_word(st)} plays a card: OPs, event or discard (H29).",
                 strategy.play_legal, strategy.play),
    base.OPS: P("operations", _seat, lambda st: f"{_side_word(st)} uses {strategy.ops_value(st)} OPs (H30-H32).",
                strategy.ops_legal, strategy.use_ops),
    base.PLACE_PC: P("political control", _seat,
                     lambda st: f"{_side_word(st)} places a PC ({st.stack[-1][2]} left; H31).",
                     lambda st: _spaces("pc", lambda s: strategy.pc_spaces(s, s.stack[-1][1]), ("done",))(st),
                     strategy.place_pc),
    base.TAKE: P("command", _seat, lambda st: f"How many CUs go with {st.game.generals[st.m_gen].name} (H45)?",
                 movement.take_legal, lambda st, a: movement.take(st, a - st.n.TAKE)),
    base.MOVE: P("movement", _seat,
                 lambda st: f"{st.game.generals[st.m_gen].name} moves ({st.m_mp} MP left, {st.m_left} CUs).",
                 movement.move_legal, movement.step, resume=movement.move_resume),
    base.REACT: P("reaction", _seat, lambda st: f"{_side_word(st)} may intercept or avoid battle (H62).",
                  reactions.react_legal, reactions.react),
    base.INTERCEPTED: P("intercepted", _seat, lambda st: f"{_side_word(st)} fights or backs up (H65).",
                        movement.intercepted_legal, movement.intercepted),
    base.PURSUE: P("pursuit", _seat, lambda st: f"{_side_word(st)} may pursue (H71).",
                   _words("pursue", "no pursuit"), movement.pursue),
    base.SIEGE: P("siege", _seat, lambda st: f"{_side_word(st)} may besiege or subjugate (H94).",
                  _words("siege", "no siege"), sieges.siege),
    base.BATTLE: P("battle", _chance, lambda st: "The battle goes on.", lambda st: (), _never, resume=battle.advance),
    base.CHARGE: P("elephant charge", _fixed(CARTHAGE), lambda st: "Carthage may charge with its elephants (H77).",
                   _words("charge", "no charge"), battle.charge),
    base.ATTACK: P("attack", lambda st: st.b_att,
                   lambda st: f"{SIDES[st.b_att].capitalize()} attacks with a battle card or withdraws (H78).",
                   battle.attack_legal, battle.attack),
    base.MATCH: P("defence", lambda st: other(st.b_att),
                  lambda st: f"{SIDES[other(st.b_att)].capitalize()} matches {KINDS[st.b_card]} or concedes (H78).",
                  battle.match_legal, battle.match),
    base.COUNTER: P("counterattack", lambda st: other(st.b_att),
                    lambda st: f"{SIDES[other(st.b_att)].capitalize()} may take the initiative (H79, H80).",
                    battle.counter_legal, battle.counter),
    base.CANCEL: P("cancel withdrawal", lambda st: other(st.b_att),
                   lambda st: f"{SIDES[other(st.b_att)].capitalize()} may try to cancel the withdrawal (H80).",
                   _words("cancel withdrawal", "allow withdrawal"), battle.cancel),
    base.RETREAT: P("retreat", _seat, lambda st: f"{_side_word(st)} retreats (H86-H90).", battle.retreat_legal,
                    battle.retreat),
    base.REMOVE_PC: P("PC removal", _seat,
                      lambda st: f"{_side_word(st)} removes {st.stack[-1][2]} of its PCs (H91, H109).",
                      lambda st: _spaces("remove pc", lambda s: own_plain_pcs(s, s.stack[-1][1]))(st), _remove_pc),
    base.EVENT: P("event", _seat,
                  lambda st: f"{_side_word(st)} chooses for #{st.stack[-1][2]} "
                  f"{st.game.cards.strategy[st.stack[-1][2] - 1].name}.", events.event_legal, events.event_choice),
    base.RANDOM_CARD: P("random card", _chance,
                        lambda st: f"Pick a card at random from {SIDES[st.stack[-1][1]]}'s hand.",
                        _random_legal, events.random_card),
    base.COMMAND: P("change of command", _fixed(CARTHAGE),
                    lambda st: "Carthage may roll for the Roman change of command (H40).",
                    _words("roll for command", "no roll for command"), battle.command),
    base.COUNTER_EVENT: P("counter event", _seat,
                          lambda st: f"{_side_word(st)} may play a counter event (H34).",
                          battle.counter_event_legal, battle.counter_event),
    base.STEAL: P("ally deserts", _chance,
                  lambda st: f"Pick a battle card at random from {SIDES[st.stack[-1][1]]}'s hand (#59).",
                  lambda st: tuple(st.n.STEAL + k for k in range(6) if st.bhand[st.stack[-1][1]][k]), battle.steal),
    base.SPY: P("spy in enemy camp", _chance,
                lambda st: f"Turn a battle card of {SIDES[st.stack[-1][1]]}'s face up at random (#20).",
                lambda st: tuple(st.n.SPY + k for k in range(6)
                                 if st.bhand[st.stack[-1][1]][k] > st.bshown[st.stack[-1][1]][k]), battle.spy),
    base.GARRISON: P("walls", _seat, lambda st: f"{_side_word(st)} puts units inside the walls of "
                     f"{st.board.names[st.stack[-1][3]]} (H51).", walls.garrison_legal, walls.garrison),
    base.REACT_SIZE: P("reacting force", _seat,
                       lambda st: f"{_side_word(st)} says how many CUs try (H64, H69, H70).",
                       reactions.size_legal, reactions.size),
    base.REACT_LEADER: P("reacting General", _seat,
                         lambda st: f"{_side_word(st)} says who leads the attempt: the commander with every "
                         "General, or a subordinate alone (H66, H69).", reactions.leader_legal, reactions.leader),
    base.SORTIE: P("sortie", _seat, lambda st: f"{_side_word(st)} may sortie from {st.board.names[st.b_space]} (H100).",
                   _words("sortie", "no sortie"), battle.sortie),
    base.CAMPAIGN: P("campaign", _seat, lambda st: f"{_side_word(st)} activates the next General (H52).",
                     events.campaign_legal, events.campaign, resume=events.campaign_resume),
})
