import MIDIRollCLI

MIDIRollMain.main()
