#include "chartexportdialog.h"

#include "filedialogs.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace goap::editor {

ChartExportDialog::ChartExportDialog(const QString &fileName, const QString &title, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Export Chart"));
    m_file = new QLineEdit(fileName, this);
    m_file->setToolTip(tr("A .png picture, or a .pdf document drawn as vectors"));
    auto *browse = new QPushButton(tr("Browse..."), this);
    auto *fileRow = new QHBoxLayout;
    fileRow->addWidget(m_file, 1);
    fileRow->addWidget(browse);
    m_title = new QLineEdit(title, this);
    m_title->setToolTip(tr("Drawn above the chart; leave empty for none"));
    m_width = new QSpinBox(this);
    m_height = new QSpinBox(this);
    for (QSpinBox *box : {m_width, m_height}) {
        box->setRange(200, 10000);
        box->setSuffix(tr(" px"));
    }
    m_width->setValue(1200);
    m_height->setValue(600);
    m_width->setToolTip(tr("Width of the picture at 96 dpi (a PDF page is as wide, in points x 4/3)"));
    m_height->setToolTip(tr("Height of the picture at 96 dpi"));
    m_scale = new QDoubleSpinBox(this);
    m_scale->setRange(0.5, 8);
    m_scale->setSingleStep(0.5);
    m_scale->setValue(2);
    m_scale->setSuffix(QStringLiteral(" x"));
    m_scale->setToolTip(
        tr("Pixels per unit of size for a PNG: 2 gives 192 dpi, sharp on high-density screens and in print"));
    m_result = new QLabel(this);
    auto *form = new QFormLayout;
    form->addRow(tr("File:"), fileRow);
    form->addRow(tr("Title:"), m_title);
    form->addRow(tr("Width:"), m_width);
    form->addRow(tr("Height:"), m_height);
    form->addRow(tr("Scale:"), m_scale);
    form->addRow(QString(), m_result);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browse, &QPushButton::clicked, this, [this] {
        // The format is the filter chosen: a bare name with the PDF filter is a .pdf.
        const QFileInfo now(m_file->text());
        const SaveTarget target = saveFileAs(this, QStringLiteral("chart"), now.completeBaseName(),
                                             {tr("PNG pictures (*.png)"), tr("PDF documents (*.pdf)")}, isPdf() ? 1 : 0,
                                             tr("Export Chart"), now.absolutePath());
        if (!target.isEmpty())
            m_file->setText(target.fileName);
    });
    connect(m_file, &QLineEdit::textChanged, this, &ChartExportDialog::describe);
    connect(m_width, &QSpinBox::valueChanged, this, &ChartExportDialog::describe);
    connect(m_height, &QSpinBox::valueChanged, this, &ChartExportDialog::describe);
    connect(m_scale, &QDoubleSpinBox::valueChanged, this, &ChartExportDialog::describe);
    describe();
}

QString ChartExportDialog::fileName() const
{
    return withSuffix(m_file->text().trimmed(), QStringLiteral("png"), {QStringLiteral("pdf")});
}

bool ChartExportDialog::isPdf() const
{
    return fileName().endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive);
}

DayChart::ExportOptions ChartExportDialog::options() const
{
    DayChart::ExportOptions o;
    o.size = QSize(m_width->value(), m_height->value());
    o.scale = m_scale->value();
    o.title = m_title->text();
    return o;
}

void ChartExportDialog::describe()
{
    m_scale->setEnabled(!isPdf());
    if (isPdf())
        m_result->setText(tr("A vector PDF page of %1 x %2 pt")
                              .arg(qRound(m_width->value() * 0.75))
                              .arg(qRound(m_height->value() * 0.75)));
    else
        m_result->setText(tr("A PNG of %1 x %2 pixels at %3 dpi")
                              .arg(qRound(m_width->value() * m_scale->value()))
                              .arg(qRound(m_height->value() * m_scale->value()))
                              .arg(qRound(96 * m_scale->value())));
}

} // namespace goap::editor
