import { defaultRoleGrants, logEndpoints, staffEndpoints } from '@rookery/contracts';
import { describe, expect, it } from 'vitest';
import { mayCall } from './may-call';

const setState = logEndpoints.incidentSetState;

describe('mayCall', () => {
  it("follows an endpoint's rule by value: reading a kind's incidents does not offer changing them", () => {
    expect(mayCall(['clientLogQuery'], setState, 'client')).toBe(false);
    expect(mayCall(['clientLogQuery', 'clientIncidentEdit'], setState, 'client')).toBe(true);
    // The other kinds' edit permission does not reach a client incident, nor the reverse.
    expect(mayCall(['clientLogQuery', 'sysIncidentEdit'], setState, 'client')).toBe(false);
    expect(mayCall(['clientIncidentEdit'], setState, 'server')).toBe(false);
    expect(mayCall(['sysIncidentEdit'], setState, 'frontend')).toBe(true);
    // A value the map does not know is refused by the server: never offered.
    expect(mayCall(['clientIncidentEdit', 'sysIncidentEdit'], setState, 'notAKind')).toBe(false);
    expect(mayCall(['admin'], setState, 'server')).toBe(true);
  });

  it("without a value, the endpoint's own rule; game and public endpoints are never the console's", () => {
    expect(mayCall(['sysIncidentEdit'], setState)).toBe(true);
    expect(mayCall(['clientLogQuery'], setState)).toBe(false);
    expect(mayCall(['admin'], staffEndpoints.login)).toBe(false);
  });

  it("the built-in developer changes the client incidents it reads, not the system's", () => {
    const developer = ['developer', ...defaultRoleGrants.developer];
    expect(mayCall(developer, setState, 'client')).toBe(true);
    expect(mayCall(developer, setState, 'server')).toBe(false);
    expect(mayCall(['operation', ...defaultRoleGrants.operation], setState, 'client')).toBe(false);
  });
});
