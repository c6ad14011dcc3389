#pragma once
// Graphviz layout and rendering (libgvc/cgraph), kept out of simcore so the
// engine library needs no Graphviz: DOT in, the laid-out picture out.

#include <QByteArray>
#include <QString>

#include <optional>

namespace goap {

// Lays `dot` out with Graphviz's dot engine and renders it in `format`
// ("svg", "png", "plain"...); nullopt with the reason on failure.
std::optional<QByteArray> renderDot(const QByteArray &dot, const char *format, QString &error);

} // namespace goap
