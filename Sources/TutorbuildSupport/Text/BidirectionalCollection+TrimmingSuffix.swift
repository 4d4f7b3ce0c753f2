extension BidirectionalCollection {
    /// The collection without its trailing elements that satisfy `predicate`.
    package func trimmingSuffix(while predicate: (Element) -> Bool) -> SubSequence {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
