#if canImport(Glibc)
  import Glibc
#endif

/// Settings of the C allocator for a run of many similar files on several threads
/// (`midiroll batch`), made by the program's entry point before the command runs: a process's
/// allocator is the program's to tune, never a library's.
enum AllocatorTuning {
  /// Keeps freed memory in the process instead of giving it back to the system after each
  /// file (glibc only; a no-op elsewhere).
  ///
  /// By default glibc returns the free top of a heap to the system (`madvise`) and serves
  /// large blocks with `mmap`/`munmap`, so each file's buffers are faulted in afresh and
  /// zeroed by the kernel, and with two or more threads every unmapping also interrupts the
  /// other cores to flush their TLBs. Measured on the real corpus with two jobs: 110,000
  /// page faults and 1.5 times the speed of one job with glibc's defaults; 2,300 page faults
  /// and 1.9 times with these settings. A thread other than the main one allocates from heaps
  /// of 64 MiB, and glibc unmaps an emptied one whatever the trim threshold, unless that would
  /// leave less than the top pad: a pad of 64 MiB keeps them (it reserves address space, not
  /// memory). Memory stays bounded: each thread keeps at most the peak of the largest file it
  /// converted.
  static func keepFreedMemory() {
    #if canImport(Glibc)
      // `mallopt` and its M_… constants live in <malloc.h>, which Swift's Glibc module does
      // not import; the function is looked up at run time instead.
      typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
      guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "mallopt") else { return }
      let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
      let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
      let topPad: Int32 = -2  // M_TOP_PAD
      let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
      _ = mallopt(mmapThreshold, 32 << 20)  // the largest glibc accepts on 64-bit systems
      _ = mallopt(trimThreshold, Int32.max)
      _ = mallopt(topPad, 64 << 20)  // a thread arena's heap (HEAP_MAX_SIZE on 64-bit systems)
    #endif
  }
}
