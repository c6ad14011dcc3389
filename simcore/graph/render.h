#pragma once
// Graphviz layout and rendering (libgvc/cgraph), kept out of simcore so the
// engine library needs no Graphviz: DOT in, the laid-out picture out.

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <optional>

namespace goap {

// Bounds of a layout: above them renderDot refuses at once with the
// numbers, rather than run Graphviz for minutes or out of memory. The worst
// shape within them, one long chain of 800 nodes, lays out in about 12 s and
// 550 MB (goap-sim graph on a 400-action chain).
inline constexpr int kMaxLayoutNodes = 800;
inline constexpr int kMaxLayoutEdges = 3200;
// The layout runs on a thread with this much stack (reserved address space):
// dot's network simplex recurses once per node of a long chain.
inline constexpr std::size_t kLayoutStack = std::size_t(1) << 30;

// Lays `dot` out with Graphviz's dot engine and renders it in `format`
// ("svg", "png", "plain"...) on a thread with kLayoutStack of stack; nullopt
// with the reason on failure (too large, unreadable, not laid out).
std::optional<QByteArray> renderDot(const QByteArray &dot, const char *format, QString &error);
// The same on the calling thread's stack (for callers that made such a thread).
std::optional<QByteArray> renderHere(const QByteArray &dot, const char *format, QString &error);

} // namespace goap
