// The limits on what Bocage reads, in one place: each refusal is a
// diagnostic before the expensive work starts. docs/data-format.md lists them.
#pragma once

#include <cstddef>
#include <cstdint>

namespace bocage {

/// A TOML file (data or template) larger than this is refused unread: a deck
/// file of 10,000 cards with a rule text in both languages each is about
/// 3.5 MB; 16 MiB holds four times that and parses in about 2 s.
constexpr std::uintmax_t kMaxTomlFileBytes = 16 << 20;  // 16 MiB
/// A single string value in a TOML file.
constexpr std::size_t kMaxStringBytes = 16 * 1024;  // 16 KiB
/// Dotted key parts, arrays and inline tables nested in one another.
constexpr int kMaxNestingDepth = 32;
/// Templates extending one another: a -> b -> c counts 2.
constexpr int kMaxExtendsDepth = 16;
/// An SVG or PNG icon file.
constexpr std::uintmax_t kMaxIconBytes = 1 << 20;  // 1 MiB
/// The annotation of one ruby (the text in 《》), in characters.
constexpr std::size_t kMaxRubyChars = 40;
/// Ids: [A-Za-z0-9][A-Za-z0-9_-]*, at most this long.
constexpr std::size_t kMaxIdLength = 64;

/// A spreadsheet (CSV or TSV) of cards: 10,000 rows (kMaxSheetRows) of 1.6 KB each.
constexpr std::uintmax_t kMaxSheetBytes = 16 << 20;  // 16 MiB
/// Records in one spreadsheet, the header row included.
constexpr int kMaxSheetRows = 10001;
/// Columns in one spreadsheet.
constexpr int kMaxSheetColumns = 256;

}  // namespace bocage
