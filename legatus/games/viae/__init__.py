"""VIAE: Roads of Rome. So far its data (board, tracks, cards) and their validator; the rules come
next. Constraint and ruling ids (C…, V…) refer to shared/viae/RULINGS.md."""
