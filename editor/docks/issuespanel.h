#pragma once
// The live validation panel: SPEC §8 errors and warnings of the document as
// it is now; clicking one selects the item it is about.

#include "docks/outline.h"

#include <QListWidget>

namespace goap::editor {

class IssuesPanel : public QListWidget
{
    Q_OBJECT

public:
    explicit IssuesPanel(ScenarioDocument *document, QWidget *parent = nullptr);

    // Shows the errors of a file that could not be opened (until the next edit).
    void showFileErrors(const Issues &issues, const QString &fileName);

    // A line about what the last edit changed besides its item (a removal
    // that left actions without a station, say), shown first until the next edit.
    void setNote(const QString &note);
    QString note() const { return m_note; }

    // Which outline item a JSON path is about.
    static ItemRef itemForPath(const QString &path);
    // The item a JSON path is about, in the UI's words: "Character Miner".
    static QString itemName(const Scenario &scenario, const QString &path);

signals:
    void itemRequested(const goap::ItemRef &item);

private:
    void refresh();
    ScenarioDocument *m_document;
    QString m_note;
};

} // namespace goap::editor
