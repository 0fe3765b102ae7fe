// MARK: - Suffix array and the suffix tree's internal nodes (esaxx)

/// esaxx's enhanced suffix array: the suffix array, and the internal nodes of the suffix tree.
enum UnigramSuffixArray {
  /// The suffix array of `symbols` (values in 0...upper) by induced sorting (SA-IS), in linear time.
  static func suffixArray(_ symbols: [Int32], upper: Int) -> [Int32] {
    let count = symbols.count
    if count == 0 { return [] }
    if count == 1 { return [0] }
    if count == 2 { return symbols[0] < symbols[1] ? [0, 1] : [1, 0] }
    if count < 32 { return naiveSuffixArray(symbols) }

    // isSType[i]: suffix i is smaller than suffix i + 1 (S type); the last one is L type.
    var isSType = [Bool](repeating: false, count: count)
    for index in stride(from: count - 2, through: 0, by: -1) {
      isSType[index] =
        symbols[index] == symbols[index + 1]
        ? isSType[index + 1] : symbols[index] < symbols[index + 1]
    }
    // bucketStart[c]: first slot of bucket c; sTypeStart[c]: first S-type slot of bucket c.
    var bucketStart = [Int](repeating: 0, count: upper + 2)
    var sTypeStart = [Int](repeating: 0, count: upper + 1)
    for index in 0..<count {
      let symbol = Int(symbols[index])
      if !isSType[index] {
        sTypeStart[symbol] += 1
      } else {
        bucketStart[symbol + 1] += 1
      }
    }
    for symbol in 0...upper {
      sTypeStart[symbol] += bucketStart[symbol]
      if symbol < upper { bucketStart[symbol + 1] += sTypeStart[symbol] }
    }
    var suffixes = [Int32](repeating: -1, count: count)

    /// Induces the order of all suffixes from the given order of the LMS suffixes.
    func induce(_ lmsSuffixes: [Int32]) {
      for index in 0..<count { suffixes[index] = -1 }
      var slot = sTypeStart
      for position in lmsSuffixes {
        let position = Int(position)
        if position == count { continue }
        let symbol = Int(symbols[position])
        suffixes[slot[symbol]] = Int32(position)
        slot[symbol] += 1
      }
      slot = Array(bucketStart[0...upper])
      let lastSymbol = Int(symbols[count - 1])
      suffixes[slot[lastSymbol]] = Int32(count - 1)
      slot[lastSymbol] += 1
      for index in 0..<count {
        let value = Int(suffixes[index])
        if value >= 1 && !isSType[value - 1] {
          let symbol = Int(symbols[value - 1])
          suffixes[slot[symbol]] = Int32(value - 1)
          slot[symbol] += 1
        }
      }
      slot = Array(bucketStart[0...upper])
      for index in stride(from: count - 1, through: 0, by: -1) {
        let value = Int(suffixes[index])
        if value >= 1 && isSType[value - 1] {
          let symbol = Int(symbols[value - 1])
          slot[symbol + 1] -= 1
          suffixes[slot[symbol + 1]] = Int32(value - 1)
        }
      }
    }

    var lmsIndex = [Int32](repeating: -1, count: count + 1)
    var lmsPositions: [Int32] = []
    for index in 1..<count where !isSType[index - 1] && isSType[index] {
      lmsIndex[index] = Int32(lmsPositions.count)
      lmsPositions.append(Int32(index))
    }
    let lmsCount = lmsPositions.count
    induce(lmsPositions)

    if lmsCount > 0 {
      var sortedLMS: [Int32] = []
      sortedLMS.reserveCapacity(lmsCount)
      for value in suffixes where lmsIndex[Int(value)] != -1 { sortedLMS.append(value) }
      var reduced = [Int32](repeating: 0, count: lmsCount)
      var reducedUpper = 0
      reduced[Int(lmsIndex[Int(sortedLMS[0])])] = 0
      for rank in 1..<lmsCount {
        var left = Int(sortedLMS[rank - 1])
        var right = Int(sortedLMS[rank])
        let leftNext = Int(lmsIndex[left]) + 1
        let rightNext = Int(lmsIndex[right]) + 1
        let leftEnd = leftNext < lmsCount ? Int(lmsPositions[leftNext]) : count
        let rightEnd = rightNext < lmsCount ? Int(lmsPositions[rightNext]) : count
        var same = true
        if leftEnd - left != rightEnd - right {
          same = false
        } else {
          while left < leftEnd {
            if symbols[left] != symbols[right] { break }
            left += 1
            right += 1
          }
          if left == count || symbols[left] != symbols[right] { same = false }
        }
        if !same { reducedUpper += 1 }
        reduced[Int(lmsIndex[Int(sortedLMS[rank])])] = Int32(reducedUpper)
      }
      let reducedSuffixes = suffixArray(reduced, upper: reducedUpper)
      for rank in 0..<lmsCount {
        sortedLMS[rank] = lmsPositions[Int(reducedSuffixes[rank])]
      }
      induce(sortedLMS)
    }
    return suffixes
  }

  /// The suffix array of a short text by comparing suffixes (a shorter prefix sorts first).
  static func naiveSuffixArray(_ symbols: [Int32]) -> [Int32] {
    let count = symbols.count
    return (0..<Int32(count)).sorted { left, right in
      var left = Int(left)
      var right = Int(right)
      while left < count && right < count {
        if symbols[left] != symbols[right] { return symbols[left] < symbols[right] }
        left += 1
        right += 1
      }
      return left == count
    }
  }

  /// `height[i]`: the longest common prefix of suffixes `suffixes[i - 1]` and `suffixes[i]` (Kasai);
  /// `height[0]` is -1 as in esaxx.
  static func commonPrefixHeights(_ symbols: [Int32], suffixes: [Int32]) -> [Int32] {
    let count = symbols.count
    var rankOfSuffix = [Int32](repeating: 0, count: count)
    for (rank, position) in suffixes.enumerated() { rankOfSuffix[Int(position)] = Int32(rank) }
    var heights = [Int32](repeating: -1, count: count)
    var common = 0
    for position in 0..<count {
      let rank = Int(rankOfSuffix[position])
      if rank == 0 {
        common = 0
        continue
      }
      let previous = Int(suffixes[rank - 1])
      while position + common < count && previous + common < count
        && symbols[position + common] == symbols[previous + common]
      {
        common += 1
      }
      heights[rank] = Int32(common)
      if common > 0 { common -= 1 }
    }
    return heights
  }

  /// esaxx's `suffixtree`: calls `visit(left, right, depth)` for each internal node of the suffix
  /// tree (suffixes `left..<right` share the node's `depth` first symbols, `right - left >= 2`), in
  /// esaxx's order.
  static func forEachInternalNode(
    suffixes: [Int32], heights: [Int32], _ visit: (Int, Int, Int) -> Void
  ) {
    let count = suffixes.count
    if count == 0 { return }
    var stackLeft: [Int] = [-1]
    var stackDepth: [Int] = [-1]
    var index = 0
    while true {
      var currentLeft = index
      let currentDepth = index == count ? -1 : Int(heights[index])
      var top = stackDepth.count - 1
      while stackDepth[top] > currentDepth {
        let candidateLeft = stackLeft[top]
        if index - candidateLeft > 1 {
          visit(candidateLeft, index, stackDepth[top])
        }
        currentLeft = candidateLeft
        stackLeft.removeLast()
        stackDepth.removeLast()
        top -= 1
      }
      if stackDepth[top] < currentDepth {
        stackLeft.append(currentLeft)
        stackDepth.append(currentDepth)
      }
      if index == count { break }
      stackLeft.append(index)
      stackDepth.append(count - Int(suffixes[index]) + 1)
      index += 1
    }
  }
}
