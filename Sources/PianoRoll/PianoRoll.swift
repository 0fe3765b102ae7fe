import SMF
