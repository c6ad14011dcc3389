#pragma once
// Asks how to export a chart: the file (PNG or vector PDF, by its
// extension), the size, the scale (dots per inch for a PNG) and a title.

#include "charts/daychart.h"

#include <QDialog>

class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;
class QLabel;

namespace goap::editor {

class ChartExportDialog : public QDialog
{
    Q_OBJECT

public:
    ChartExportDialog(const QString &fileName, const QString &title, QWidget *parent = nullptr);

    QString fileName() const;
    DayChart::ExportOptions options() const;
    bool isPdf() const;

    QSpinBox *widthBox() const { return m_width; }
    QSpinBox *heightBox() const { return m_height; }
    QDoubleSpinBox *scaleBox() const { return m_scale; }
    QLineEdit *titleEdit() const { return m_title; }
    QLineEdit *fileEdit() const { return m_file; }

private:
    void describe();

    QLineEdit *m_file, *m_title;
    QSpinBox *m_width, *m_height;
    QDoubleSpinBox *m_scale;
    QLabel *m_result;
};

} // namespace goap::editor
