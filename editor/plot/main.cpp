// goap-plot: a run's charts as a picture, without a window. The command line
// (and the run and its records) is simcore's (records/), as goap-sim's run; this
// program adds QtGui and the charts, which goap-sim never links.
#include "charts/chartrender.h"
#include "records/plotcommand.h"
#include "tool/hugeheap.h"

#include <QApplication>
#include <QIODevice>

namespace {
QString writePlot(std::shared_ptr<const goap::CompiledScenario> scenario, const goap::sim::Samples &samples,
                  const goap::sim::EventLog &events, const goap::records::PlotRequest &request, QIODevice *device)
{
    goap::editor::PlotOptions options;
    options.size = QSize(request.width, request.height);
    options.scale = request.scale;
    options.title = request.title;
    const bool pdf = request.fileName.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive);
    return goap::editor::writeDayCharts(std::move(scenario), samples, events, options, device, pdf);
}
} // namespace

int main(int argc, char *argv[])
{
    goap::tool::holdClosedStandardStreams(); // first: before anything opens a file
    goap::tool::useHugeHeap(); // before the scenario and the run are allocated
    // The charts are widgets and need QtGui; with no display, render offscreen.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")
        && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("goap-plot"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GOAP_VERSION));
    QStringList args = QCoreApplication::arguments();
    args.removeFirst();
    goap::tool::Streams io;
    io.program = "goap-plot";
    return goap::records::plotMain(args, io, &writePlot);
}
