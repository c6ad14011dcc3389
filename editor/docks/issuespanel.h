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

    // Which outline item a JSON path is about.
    static Subject subjectForPath(const QString &path);

signals:
    void subjectRequested(const goap::editor::Subject &subject);

private:
    void refresh();
    ScenarioDocument *m_document;
};

} // namespace goap::editor
