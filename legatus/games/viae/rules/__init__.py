"""VIAE's rules in the order of the rulebook: :mod:`.setup` (Set Up), :mod:`.chance` (the lazy
draws and the hand limit every chapter uses), :mod:`.fortuna` (I), :mod:`.ordo` (II),
:mod:`.stipendium` (III), :mod:`.agere` (IV: the actions, free actions and upkeep),
:mod:`.conquer` (IV › Conquer and Hostility), :mod:`.epilogus` (V), :mod:`.mandatum` (Mandatum),
:mod:`.end` (End of the Game). Each declares its procedures (``PROCEDURES``) beside their
handlers; the steps of the round go from chapter to chapter by id (:mod:`..ids`)."""
