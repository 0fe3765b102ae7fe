import MIDIRollCLI

// The allocator is tuned here, at the program's entry point, never inside a library: a batch
// keeps freed memory for its next file (AllocatorTuning.swift says why).
MIDIRollMain.main(preparing: { workload in
  if workload == .manyFiles { AllocatorTuning.keepFreedMemory() }
})
