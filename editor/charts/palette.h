#pragma once
// The colour of a character, the same on the map, in a run and in the charts;
// and the style of a goal in the charts (dash pattern and marker shape), the
// same for every character, so two goals of one character never look alike.

#include <QColor>

#include <iterator>

namespace goap::editor {

// How many colours characters take in turn: character i has colour i % kCharacterColors.
inline constexpr int kCharacterColors = 8;

inline QColor characterColor(int index)
{
    static const QColor palette[]
        = {QColor(0xe1, 0x57, 0x59), QColor(0x4e, 0x79, 0xa7), QColor(0x59, 0xa1, 0x4f), QColor(0xf2, 0x8e, 0x2b),
           QColor(0xb0, 0x7a, 0xa1), QColor(0x76, 0xb7, 0xb2), QColor(0xed, 0xc9, 0x48), QColor(0x9c, 0x75, 0x5f)};
    static_assert(std::size(palette) == kCharacterColors);
    return palette[index % kCharacterColors];
}

// Five dash patterns and six marker shapes (see goalShape in daycharts.cpp):
// cycles of different lengths, so the first thirty styles all differ.
inline Qt::PenStyle goalDash(int style)
{
    static const Qt::PenStyle styles[]
        = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine, Qt::DashDotDotLine};
    return styles[std::max(0, style) % 5];
}

} // namespace goap::editor
