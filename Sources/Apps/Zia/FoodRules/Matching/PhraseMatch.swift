/// Where a phrase was found: the words it covers and what the phrase stands for.
package struct PhraseMatch<Value: Sendable>: Sendable {
    package let range: Range<Int>
    package let value: Value
}
