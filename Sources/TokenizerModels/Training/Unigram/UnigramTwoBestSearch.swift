// MARK: - 2-best search

/// HF's `Lattice::nbest(2)` on one piece's own text: Viterbi, then A* with a quaternary max-heap
/// replayed exactly (`dary_heap::QuaternaryHeap`, as HF uses it), so ties resolve as in HF.
struct UnigramTwoBestSearch {
  /// Each node's beginning (node 0 is bos, node 1 is eos).
  var nodeBegin: [Int32] = []
  /// Each node's length.
  var nodeLength: [Int32] = []
  /// Each node's vocabulary id.
  var nodeID: [Int32] = []
  /// Each node's score.
  var nodeScore: [Double] = []
  /// Each node's Viterbi backtrace score.
  var nodeBacktrace: [Double] = []
  /// Per end position, where its nodes start in `endNodes`.
  var endStarts: [Int] = []
  /// The nodes by end position, in insertion order (HF's end_nodes).
  var endNodes: [Int32] = []
  /// Per begin position, the first inserted node beginning there (HF's begin_nodes are ranges).
  var beginStarts: [Int] = []
  /// The lattice's length.
  var length = 0
  /// The bos id (pieces + 1).
  let bosID: Int32
  /// The eos id (pieces + 2).
  let eosID: Int32
  /// Each hypothesis's node.
  var hypothesisNode: [Int32] = []
  /// Each hypothesis's next hypothesis toward eos, or -1.
  var hypothesisNext: [Int32] = []
  /// Each hypothesis's fx: its priority.
  var hypothesisFX: [Double] = []
  /// Each hypothesis's gx: its score from eos.
  var hypothesisGX: [Double] = []
  /// The agenda: hypothesis indices in heap order.
  var heap: [Int32] = []
  /// The ids of the second best path's nodes, after `twoBest`.
  var secondPath: [Int32] = []

  /// A search with the given bos and eos ids.
  init(bosID: Int32, eosID: Int32) {
    self.bosID = bosID
    self.eosID = eosID
  }

  /// Builds the lattice of `text[start ..< start + length]` with the current pieces, in HF's node
  /// order (per position: the trie's pieces by length, then unk when no one-scalar piece).
  mutating func load(start: Int, length: Int, buffers: UnigramLattices.Buffers) {
    reset(length: length)
    for offset in 0..<length {
      beginStarts.append(nodeBegin.count)
      let position = start + offset
      let characterID = buffers.characterIDs[Int(buffers.text[position])]
      if characterID >= 0 {
        append(begin: offset, length: 1, id: characterID, score: buffers.scores[Int(characterID)])
      }
      for match in buffers.offsets[position]..<buffers.offsets[position + 1] {
        let id = Int(buffers.ids[match])
        let matchLength = Int(buffers.lengths[id])
        if matchLength > length - offset { break }
        append(begin: offset, length: matchLength, id: Int32(id), score: buffers.scores[id])
      }
      if characterID < 0 { append(begin: offset, length: 1, id: 0, score: buffers.unknownScore) }
    }
    finishLoading()
  }

  /// Builds a lattice from explicit nodes (begin, length, id, score), in insertion order (by begin).
  mutating func load(length: Int, nodes: [(begin: Int, length: Int, id: Int32, score: Double)]) {
    reset(length: length)
    var next = 0
    for offset in 0..<length {
      beginStarts.append(nodeBegin.count)
      while next < nodes.count && nodes[next].begin == offset {
        append(
          begin: offset, length: nodes[next].length, id: nodes[next].id, score: nodes[next].score)
        next += 1
      }
    }
    finishLoading()
  }

  /// Empties the lattice and puts in bos and eos.
  private mutating func reset(length: Int) {
    self.length = length
    nodeBegin.removeAll(keepingCapacity: true)
    nodeLength.removeAll(keepingCapacity: true)
    nodeID.removeAll(keepingCapacity: true)
    nodeScore.removeAll(keepingCapacity: true)
    beginStarts.removeAll(keepingCapacity: true)
    append(begin: 0, length: 0, id: bosID, score: 0)
    append(begin: length, length: 0, id: eosID, score: 0)
  }

  /// Builds HF's end_nodes: bos at 0, then the nodes in insertion order.
  private mutating func finishLoading() {
    beginStarts.append(nodeBegin.count)
    endStarts = [Int](repeating: 0, count: length + 2)
    endStarts[1] = 1
    for node in 2..<nodeBegin.count {
      endStarts[Int(nodeBegin[node] + nodeLength[node]) + 1] += 1
    }
    for position in 0...length { endStarts[position + 1] += endStarts[position] }
    endNodes = [Int32](repeating: 0, count: endStarts[length + 1])
    var fill = endStarts
    endNodes[0] = 0
    fill[0] = 1
    for node in 2..<nodeBegin.count {
      let end = Int(nodeBegin[node] + nodeLength[node])
      endNodes[fill[end]] = Int32(node)
      fill[end] += 1
    }
    nodeBacktrace = [Double](repeating: 0, count: nodeBegin.count)
  }

  /// Appends a node.
  private mutating func append(begin: Int, length: Int, id: Int32, score: Double) {
    nodeBegin.append(Int32(begin))
    nodeLength.append(Int32(length))
    nodeID.append(id)
    nodeScore.append(score)
  }

  /// HF's `viterbi` forward pass: every node's backtrace score (the first strict maximum).
  private mutating func fillBacktraceScores() {
    for position in 0...length {
      let rightNodes: Range<Int> =
        position == length ? 1..<2 : beginStarts[position]..<beginStarts[position + 1]
      for right in rightNodes {
        var bestScore = 0.0
        var found = false
        for index in endStarts[position]..<endStarts[position + 1] {
          let left = Int(endNodes[index])
          let score = nodeBacktrace[left] + nodeScore[right]
          if !found || score > bestScore {
            bestScore = score
            found = true
          }
        }
        nodeBacktrace[right] = bestScore
      }
    }
  }

  /// Runs `nbest(2)`: how many paths it found and the first one's length; `secondPath` holds the
  /// second one's ids.
  mutating func twoBest() -> (count: Int, firstLength: Int) {
    fillBacktraceScores()
    hypothesisNode.removeAll(keepingCapacity: true)
    hypothesisNext.removeAll(keepingCapacity: true)
    hypothesisFX.removeAll(keepingCapacity: true)
    hypothesisGX.removeAll(keepingCapacity: true)
    heap.removeAll(keepingCapacity: true)
    secondPath.removeAll(keepingCapacity: true)
    var found = 0
    var firstLength = 0
    addHypothesis(node: 1, next: -1, fx: nodeScore[1], gx: nodeScore[1])
    while let top = pop() {
      let node = Int(hypothesisNode[top])
      if nodeID[node] == bosID {
        var pathLength = 0
        var next = Int(hypothesisNext[top])
        while next >= 0 && hypothesisNext[next] >= 0 {
          if found == 1 { secondPath.append(nodeID[Int(hypothesisNode[next])]) }
          pathLength += 1
          next = Int(hypothesisNext[next])
        }
        found += 1
        if found == 1 { firstLength = pathLength }
        if found == 2 { return (2, firstLength) }
      } else {
        let gx = hypothesisGX[top]
        let begin = Int(nodeBegin[node])
        for index in endStarts[begin]..<endStarts[begin + 1] {
          let left = Int(endNodes[index])
          addHypothesis(
            node: left, next: top, fx: nodeBacktrace[left] + gx, gx: nodeScore[left] + gx)
        }
        // HF shrinks a huge agenda to its best min(512, n * 10) = 20 hypotheses.
        if heap.count > 100_000 {
          var best: [Int32] = []
          for _ in 0..<20 {
            if let hypothesis = pop() { best.append(Int32(hypothesis)) }
          }
          heap.removeAll(keepingCapacity: true)
          for hypothesis in best { push(hypothesis) }
        }
      }
    }
    return (found, firstLength)
  }

  /// Records a hypothesis and pushes it on the agenda.
  private mutating func addHypothesis(node: Int, next: Int, fx: Double, gx: Double) {
    hypothesisNode.append(Int32(node))
    hypothesisNext.append(Int32(next))
    hypothesisFX.append(fx)
    hypothesisGX.append(gx)
    push(Int32(hypothesisNode.count - 1))
  }

  /// `a <= b` for HF's `Hypothesis`, whose `cmp` never says Equal: `a.fx < b.fx`.
  @inline(__always)
  private func isAtMost(_ first: Int32, _ second: Int32) -> Bool {
    hypothesisFX[Int(first)] < hypothesisFX[Int(second)]
  }

  /// `DaryHeap::push` (d = 4): append, then sift up.
  private mutating func push(_ hypothesis: Int32) {
    heap.append(hypothesis)
    siftUp(start: 0, position: heap.count - 1)
  }

  /// `DaryHeap::pop`: the last element replaces the top, sinks to the bottom, then sifts up.
  private mutating func pop() -> Int? {
    guard let last = heap.popLast() else { return nil }
    if heap.isEmpty { return Int(last) }
    let top = heap[0]
    heap[0] = last
    siftDownToBottom()
    return Int(top)
  }

  /// `sift_up`: moves the element up while it is not `<=` its parent.
  private mutating func siftUp(start: Int, position: Int) {
    let element = heap[position]
    var hole = position
    while hole > start {
      let parent = (hole - 1) / 4
      if isAtMost(element, heap[parent]) { break }
      heap[hole] = heap[parent]
      hole = parent
    }
    heap[hole] = element
  }

  /// `max_sibling` for d = 4: the greater of each pair's greater (the later one on ties).
  @inline(__always)
  private func maxSibling(_ first: Int) -> Int {
    let pairA = first + (isAtMost(heap[first], heap[first + 1]) ? 1 : 0)
    let pairB = first + 2 + (isAtMost(heap[first + 2], heap[first + 3]) ? 1 : 0)
    return isAtMost(heap[pairA], heap[pairB]) ? pairB : pairA
  }

  /// `sift_down_to_bottom(0)`: the top's hole goes down along the greatest children, then the
  /// element sifts up from there.
  private mutating func siftDownToBottom() {
    let end = heap.count
    let element = heap[0]
    var hole = 0
    var child = 1
    while end >= 4 && child <= end - 4 {
      child = maxSibling(child)
      heap[hole] = heap[child]
      hole = child
      child = 4 * hole + 1
    }
    // `max_sibling_to(child, end)`: the last of the greatest remaining children.
    if child < end {
      var sibling = child
      for other in (child + 1)..<end where isAtMost(heap[sibling], heap[other]) {
        sibling = other
      }
      heap[hole] = heap[sibling]
      hole = sibling
    }
    heap[hole] = element
    siftUp(start: 0, position: hole)
  }
}
