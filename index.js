'use strict';

// The package's programmatic entry point: the node and credential classes n8n loads from dist/.
module.exports = {
	...require('./dist/nodes/Affinda/Affinda.node.js'),
	...require('./dist/nodes/AffindaTrigger/AffindaTrigger.node.js'),
	...require('./dist/nodes/AffindaPollingTrigger/AffindaPollingTrigger.node.js'),
	...require('./dist/credentials/AffindaApi.credentials.js'),
};
