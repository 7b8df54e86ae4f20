"""VIAE's rules in the order of the rulebook: :mod:`.setup` (Set Up), :mod:`.flow` (How to Play ›
Gameplay Overview: the round), :mod:`.fortuna` (I), :mod:`.ordo` (II), :mod:`.stipendium` (III),
:mod:`.agere` (IV: the actions, free actions and upkeep), :mod:`.conquer` (IV › Conquer and
Hostility), :mod:`.epilogus` (V), :mod:`.mandatum` (Mandatum), :mod:`.end` (End of the Game).
:mod:`.chance` holds the lazy draws and dice every chapter uses; :mod:`.phases` the ids."""
