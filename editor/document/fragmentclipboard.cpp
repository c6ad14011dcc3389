#include "fragmentclipboard.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QMimeData>

namespace goap::editor {

void copyToClipboard(const Fragment &fragment)
{
    const QByteArray json = writeFragment(fragment);
    auto *data = new QMimeData;
    data->setData(QLatin1String(kFragmentMimeType), json);
    data->setText(QString::fromUtf8(json));
    QGuiApplication::clipboard()->setMimeData(data); // the clipboard owns it
}

FragmentRead fragmentFromClipboard()
{
    const QMimeData *data = QGuiApplication::clipboard()->mimeData();
    const QString mime = QLatin1String(kFragmentMimeType);
    if (data && data->hasFormat(mime))
        return readFragment(data->data(mime));
    if (data && data->hasText() && data->text().trimmed().startsWith(u'{'))
        return readFragment(data->text().toUtf8());
    return FragmentRead {std::nullopt, QStringLiteral("it holds no copied stations, actions, goals or characters")};
}

} // namespace goap::editor
