/// Orson Peters' pattern-defeating quicksort, `pdqsort_branchless` of `pdqsort.h` (the
/// version symusic 0.6 vendors), step for step: symusic sorts a file's time signatures, key
/// signatures and tempos with it by time alone, and it is not stable, so where several share
/// a tick the order it leaves them in decides which one MidiTok keeps. Below 24 elements it is
/// an insertion sort (stable); the heap sort it falls back on is libstdc++'s
/// `make_heap`/`sort_heap`.
enum PatternDefeatingSort {
  static let insertionSortThreshold = 24
  static let nintherThreshold = 128
  static let partialInsertionSortLimit = 8
  static let blockSize = 64

  /// Sorts `elements` as `pdqsort_branchless(begin, end, less)` does.
  static func sort<Element>(_ elements: inout [Element], by less: (Element, Element) -> Bool) {
    guard elements.count > 1 else { return }
    var log = 0
    var count = elements.count
    while count > 1 {
      count >>= 1
      log += 1
    }
    elements.withUnsafeMutableBufferPointer { buffer in
      loop(buffer.baseAddress!, 0, buffer.count, less, badAllowed: log, leftmost: true)
    }
  }

  private static func insertionSort<E>(
    _ a: UnsafeMutablePointer<E>, _ begin: Int, _ end: Int, _ less: (E, E) -> Bool, guarded: Bool
  ) {
    guard begin != end else { return }
    var current = begin + 1
    while current != end {
      var sift = current
      var sift1 = current - 1
      if less(a[sift], a[sift1]) {
        let tmp = a[sift]
        repeat {
          a[sift] = a[sift1]
          sift -= 1
          if guarded && sift == begin { break }
          sift1 -= 1
        } while less(tmp, a[sift1])
        a[sift] = tmp
      }
      current += 1
    }
  }

  private static func partialInsertionSort<E>(
    _ a: UnsafeMutablePointer<E>, _ begin: Int, _ end: Int, _ less: (E, E) -> Bool
  ) -> Bool {
    guard begin != end else { return true }
    var limit = 0
    var current = begin + 1
    while current != end {
      var sift = current
      var sift1 = current - 1
      if less(a[sift], a[sift1]) {
        let tmp = a[sift]
        repeat {
          a[sift] = a[sift1]
          sift -= 1
          if sift == begin { break }
          sift1 -= 1
        } while less(tmp, a[sift1])
        a[sift] = tmp
        limit += current - sift
      }
      if limit > partialInsertionSortLimit { return false }
      current += 1
    }
    return true
  }

  private static func sort2<E>(_ a: UnsafeMutablePointer<E>, _ i: Int, _ j: Int, _ less: (E, E) -> Bool) {
    if less(a[j], a[i]) { swapAt(a, i, j) }
  }

  private static func sort3<E>(
    _ a: UnsafeMutablePointer<E>, _ i: Int, _ j: Int, _ k: Int, _ less: (E, E) -> Bool
  ) {
    sort2(a, i, j, less)
    sort2(a, j, k, less)
    sort2(a, i, j, less)
  }

  @inline(__always)
  private static func swapAt<E>(_ a: UnsafeMutablePointer<E>, _ i: Int, _ j: Int) {
    let tmp = a[i]
    a[i] = a[j]
    a[j] = tmp
  }

  /// `swap_offsets`: moves the misplaced elements found by a block of the partition.
  private static func swapOffsets<E>(
    _ a: UnsafeMutablePointer<E>, first: Int, last: Int, left: UnsafeMutablePointer<Int>,
    right: UnsafeMutablePointer<Int>, count: Int, useSwaps: Bool
  ) {
    if useSwaps {
      for i in 0..<count { swapAt(a, first + left[i], last - right[i]) }
    } else if count > 0 {
      var l = first + left[0]
      var r = last - right[0]
      let tmp = a[l]
      a[l] = a[r]
      for i in 1..<count {
        l = first + left[i]
        a[r] = a[l]
        r = last - right[i]
        a[l] = a[r]
      }
      a[r] = tmp
    }
  }

  /// `partition_right_branchless`: the pivot's final place and whether nothing moved.
  private static func partitionRightBranchless<E>(
    _ a: UnsafeMutablePointer<E>, _ begin: Int, _ end: Int, _ less: (E, E) -> Bool
  ) -> (pivot: Int, alreadyPartitioned: Bool) {
    let pivot = a[begin]
    var first = begin
    var last = end
    repeat { first += 1 } while less(a[first], pivot)
    if first - 1 == begin {
      while first < last {
        last -= 1
        if less(a[last], pivot) { break }
      }
    } else {
      repeat { last -= 1 } while !less(a[last], pivot)
    }
    let alreadyPartitioned = first >= last
    if !alreadyPartitioned {
      swapAt(a, first, last)
      first += 1
      withUnsafeTemporaryAllocation(of: Int.self, capacity: blockSize + 1) { leftStorage in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: blockSize + 1) { rightStorage in
          var offsetsL = leftStorage.baseAddress!
          var offsetsR = rightStorage.baseAddress!
          var offsetsLBase = first
          var offsetsRBase = last
          var numL = 0
          var numR = 0
          var startL = 0
          var startR = 0
          while first < last {
            let numUnknown = last - first
            let leftSplit = numL == 0 ? (numR == 0 ? numUnknown / 2 : numUnknown) : 0
            let rightSplit = numR == 0 ? (numUnknown - leftSplit) : 0
            if leftSplit >= blockSize {
              var i = 0
              while i < blockSize {
                offsetsL[numL] = i
                i += 1
                if !less(a[first], pivot) { numL += 1 }
                first += 1
              }
            } else {
              var i = 0
              while i < leftSplit {
                offsetsL[numL] = i
                i += 1
                if !less(a[first], pivot) { numL += 1 }
                first += 1
              }
            }
            if rightSplit >= blockSize {
              var i = 0
              while i < blockSize {
                i += 1
                offsetsR[numR] = i
                last -= 1
                if less(a[last], pivot) { numR += 1 }
              }
            } else {
              var i = 0
              while i < rightSplit {
                i += 1
                offsetsR[numR] = i
                last -= 1
                if less(a[last], pivot) { numR += 1 }
              }
            }
            let num = min(numL, numR)
            swapOffsets(
              a, first: offsetsLBase, last: offsetsRBase, left: offsetsL + startL, right: offsetsR + startR,
              count: num, useSwaps: numL == numR)
            numL -= num
            numR -= num
            startL += num
            startR += num
            if numL == 0 {
              startL = 0
              offsetsLBase = first
            }
            if numR == 0 {
              startR = 0
              offsetsRBase = last
            }
          }
          if numL != 0 {
            offsetsL += startL
            while numL > 0 {
              numL -= 1
              last -= 1
              swapAt(a, offsetsLBase + offsetsL[numL], last)
            }
            first = last
          }
          if numR != 0 {
            offsetsR += startR
            while numR > 0 {
              numR -= 1
              swapAt(a, offsetsRBase - offsetsR[numR], first)
              first += 1
            }
            last = first
          }
        }
      }
    }
    let pivotPosition = first - 1
    a[begin] = a[pivotPosition]
    a[pivotPosition] = pivot
    return (pivotPosition, alreadyPartitioned)
  }

  /// `partition_left`: puts elements equal to the pivot on its left; returns its place.
  private static func partitionLeft<E>(
    _ a: UnsafeMutablePointer<E>, _ begin: Int, _ end: Int, _ less: (E, E) -> Bool
  ) -> Int {
    let pivot = a[begin]
    var first = begin
    var last = end
    repeat { last -= 1 } while less(pivot, a[last])
    if last + 1 == end {
      while first < last {
        first += 1
        if less(pivot, a[first]) { break }
      }
    } else {
      repeat { first += 1 } while !less(pivot, a[first])
    }
    while first < last {
      swapAt(a, first, last)
      repeat { last -= 1 } while less(pivot, a[last])
      repeat { first += 1 } while !less(pivot, a[first])
    }
    a[begin] = a[last]
    a[last] = pivot
    return last
  }

  private static func loop<E>(
    _ a: UnsafeMutablePointer<E>, _ beginIn: Int, _ end: Int, _ less: (E, E) -> Bool, badAllowed badIn: Int,
    leftmost leftmostIn: Bool
  ) {
    var begin = beginIn
    var badAllowed = badIn
    var leftmost = leftmostIn
    while true {
      let size = end - begin
      if size < insertionSortThreshold {
        insertionSort(a, begin, end, less, guarded: leftmost)
        return
      }
      let s2 = size / 2
      if size > nintherThreshold {
        sort3(a, begin, begin + s2, end - 1, less)
        sort3(a, begin + 1, begin + (s2 - 1), end - 2, less)
        sort3(a, begin + 2, begin + (s2 + 1), end - 3, less)
        sort3(a, begin + (s2 - 1), begin + s2, begin + (s2 + 1), less)
        swapAt(a, begin, begin + s2)
      } else {
        sort3(a, begin + s2, begin, end - 1, less)
      }
      if !leftmost && !less(a[begin - 1], a[begin]) {
        begin = partitionLeft(a, begin, end, less) + 1
        continue
      }
      let (pivotPosition, alreadyPartitioned) = partitionRightBranchless(a, begin, end, less)
      let leftSize = pivotPosition - begin
      let rightSize = end - (pivotPosition + 1)
      let highlyUnbalanced = leftSize < size / 8 || rightSize < size / 8
      if highlyUnbalanced {
        badAllowed -= 1
        if badAllowed == 0 {
          heapSort(a, begin, end, less)
          return
        }
        if leftSize >= insertionSortThreshold {
          swapAt(a, begin, begin + leftSize / 4)
          swapAt(a, pivotPosition - 1, pivotPosition - leftSize / 4)
          if leftSize > nintherThreshold {
            swapAt(a, begin + 1, begin + (leftSize / 4 + 1))
            swapAt(a, begin + 2, begin + (leftSize / 4 + 2))
            swapAt(a, pivotPosition - 2, pivotPosition - (leftSize / 4 + 1))
            swapAt(a, pivotPosition - 3, pivotPosition - (leftSize / 4 + 2))
          }
        }
        if rightSize >= insertionSortThreshold {
          swapAt(a, pivotPosition + 1, pivotPosition + (1 + rightSize / 4))
          swapAt(a, end - 1, end - rightSize / 4)
          if rightSize > nintherThreshold {
            swapAt(a, pivotPosition + 2, pivotPosition + (2 + rightSize / 4))
            swapAt(a, pivotPosition + 3, pivotPosition + (3 + rightSize / 4))
            swapAt(a, end - 2, end - (1 + rightSize / 4))
            swapAt(a, end - 3, end - (2 + rightSize / 4))
          }
        }
      } else if alreadyPartitioned && partialInsertionSort(a, begin, pivotPosition, less)
        && partialInsertionSort(a, pivotPosition + 1, end, less)
      {
        return
      }
      loop(a, begin, pivotPosition, less, badAllowed: badAllowed, leftmost: leftmost)
      begin = pivotPosition + 1
      leftmost = false
    }
  }

  // MARK: libstdc++'s heap sort

  private static func heapSort<E>(
    _ a: UnsafeMutablePointer<E>, _ begin: Int, _ end: Int, _ less: (E, E) -> Bool
  ) {
    let base = a + begin
    let length = end - begin
    // std::make_heap
    if length >= 2 {
      var parent = (length - 2) / 2
      while true {
        let value = base[parent]
        adjustHeap(base, hole: parent, length: length, value: value, less)
        if parent == 0 { break }
        parent -= 1
      }
    }
    // std::sort_heap
    var last = length
    while last > 1 {
      last -= 1
      let value = base[last]
      base[last] = base[0]
      adjustHeap(base, hole: 0, length: last, value: value, less)
    }
  }

  private static func adjustHeap<E>(
    _ first: UnsafeMutablePointer<E>, hole holeIn: Int, length: Int, value: E, _ less: (E, E) -> Bool
  ) {
    var hole = holeIn
    let top = hole
    var secondChild = hole
    while secondChild < (length - 1) / 2 {
      secondChild = 2 * (secondChild + 1)
      if less(first[secondChild], first[secondChild - 1]) { secondChild -= 1 }
      first[hole] = first[secondChild]
      hole = secondChild
    }
    if length & 1 == 0 && secondChild == (length - 2) / 2 {
      secondChild = 2 * (secondChild + 1)
      first[hole] = first[secondChild - 1]
      hole = secondChild - 1
    }
    // std::__push_heap
    var parent = (hole - 1) / 2
    while hole > top && less(first[parent], value) {
      first[hole] = first[parent]
      hole = parent
      parent = (hole - 1) / 2
    }
    first[hole] = value
  }
}
